// Custom CPU only (scheduler-rules.md §3.6 item 4).
#include <catch2/catch.hpp>

#include "fit/custom/custom_test_support.h"

using namespace placement;
using namespace placement::custom_test;

TEST_CASE("custom: CPU path") {
  SECTION("with cpu_offloading every worker with enough RAM, no GPUs, vram {}") {
    Run r = run_custom(Json::array({worker(1, "small", 1 * G), worker(2, "big", 64 * G)}), model(100 * G, {{"cpu_offloading", true}}));
    CHECK(r.fit.strategy == "cpu_only");
    REQUIRE(r.fit.candidates.size() == 1);
    const Candidate& c = r.fit.candidates[0];
    CHECK(c.worker_name == "big");
    CHECK_FALSE(c.gpu_indexes.has_value());
    CHECK_FALSE(c.gpu_type.has_value());
    CHECK(c.claim.vram.empty());
    CHECK(c.claim.ram == std::optional<Bytes>(10 * G));
  }
  SECTION("without cpu_offloading it is skipped") {
    Run r = run_custom(Json::array({worker(1, "big", 64 * G)}), model(100 * G));
    CHECK(r.fit.candidates.empty());
    CHECK((*r.strategy("cpu_only"))["skip"]["code"] == "needs_cpu_offloading");
  }
}
