// Custom with GPU ids: the manual routine (scheduler-rules.md §3.6 item 1).
#include <catch2/catch.hpp>

#include "fit/custom/custom_test_support.h"

using namespace placement;
using namespace placement::custom_test;

TEST_CASE("custom: manual GPU selection") {
  Json workers = Json::array({worker(1, "a", 64 * G, Json::array({gpu("cuda", 0, 24 * G)})), worker(2, "b", 64 * G, Json::array({gpu("cuda", 0, 24 * G)}))});
  SECTION("ids on several workers: error event, nothing else runs") {
    Run r = run_custom(workers, model(10 * G, {{"gpu_selector", {{"gpu_ids", {"a:cuda:0", "b:cuda:0"}}}}}));
    CHECK(r.fit.candidates.empty());
    const Json* m = r.strategy("manual");
    REQUIRE(m);
    CHECK((*m)["skip"]["code"] == "manual_multi_worker");
    CHECK((*m)["skip"]["data"]["workers"] == Json({"a", "b"}));
    for (const char* s : {"single_gpu", "single_worker_multi_gpu", "cpu_only"}) CHECK((*r.strategy(s))["skip"]["code"] == "manual_only");
    CHECK(r.message_keys() == std::vector<std::string>{"requirement", "manual_multi_worker"});
  }
  SECTION("ids on one worker go to the shared manual routine; auto paths are skipped") {
    Run r = run_custom(workers, model(10 * G, {{"gpu_selector", {{"gpu_ids", {"a:cuda:0"}}}}}));
    CHECK(r.strategy("manual"));  // written by the routine
    for (const char* s : {"single_gpu", "single_worker_multi_gpu", "cpu_only"}) CHECK((*r.strategy(s))["skip"]["code"] == "manual_only");
    if (r.fit.candidates.empty()) CHECK(r.message_keys().front() == "requirement");
  }
}
