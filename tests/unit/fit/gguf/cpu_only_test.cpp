// GGUF S5 CPU only (scheduler-rules.md §3.2),
// on the synthetic model of gguf_test_support.h (10 layers of 1,000 bytes, output included).
#include <catch2/catch.hpp>

#include "fit/gguf/setup.h"
#include "gguf_test_support.h"
#include "scenario/errors.h"

using namespace gguf_test;

TEST_CASE("S5 CPU only") {
  SECTION("workers by allocatable RAM; the first misfit stops the walk") {
    Outcome o = run(scenario({worker(1, "a", 20000, {}), worker(2, "b", 5000, {}), worker(3, "c", 15000, {})}, model()));
    CHECK(o.fit.strategy == "cpu_only");
    REQUIRE(o.fit.candidates.size() == 2);
    CHECK(o.fit.candidates[0].worker_name == "a");
    CHECK(o.fit.candidates[1].worker_name == "c");
    CHECK_FALSE(o.fit.candidates[0].gpu_indexes.has_value());
    CHECK_FALSE(o.fit.candidates[0].claim.vram_present);
    CHECK(o.fit.candidates[0].claim.ram == 10300);
    CHECK(o.fit.candidates[0].claim.offload_layers == 0);
    const Json& s5 = *o.strategy("cpu_only");
    CHECK(s5["rejections"][0]["subject"]["worker_name"] == "b");
  }
  SECTION("nothing fits: the largest worker's RAM is reported") {
    Outcome o = run(scenario({worker(1, "a", 9000, {}), worker(2, "b", 5000, {})}, model()));
    CHECK(o.fit.candidates.empty());
    const Json* s5 = o.strategy("cpu_only");
    REQUIRE(s5 != nullptr);
    CHECK((*s5)["not_examined"][0]["worker_name"] == "b");
    REQUIRE(o.has_message("cpu_insufficient"));
    CHECK(o.trace["messages"][0]["values"]["worker_ram"] == 9000);
    CHECK(o.trace["messages"][0]["values"]["ram"] == 10300);
  }
}
