// MindIE with GPU ids: the manual routine (scheduler-rules.md §3.5 item 5).
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_test_support.h"

using namespace placement;
using namespace placement::mindie_test;

TEST_CASE("mindie manual: GPU ids go to the shared routine; auto strategies are skipped") {
  Build b;
  b.workers = {worker(1, "a", {gpu(0, "i0")}), worker(2, "b", {gpu(0, "i1")})};
  b.gpu_selector = Json{{"gpu_ids", {"a:cann:0", "ghost:cann:0"}}, {"gpus_per_replica", 2}};
  ScheduleResult r = b.run();
  CHECK((*strategy(r, "single_worker"))["skip"]["code"] == "manual_only");
  CHECK((*strategy(r, "multi_worker"))["skip"]["code"] == "manual_only");
  CHECK(strategy(r, "manual") != nullptr);
  if (r.candidates.empty()) {
    // GPUStack's text starts with the requirement, before anything the routine says.
    std::vector<std::string> keys = message_keys(r);
    REQUIRE(keys.size() >= 2);
    CHECK(keys[0] == "requirement");
    CHECK(keys[1] == "fraction");
  }
}
