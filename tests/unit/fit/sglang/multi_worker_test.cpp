// SGLang multi worker (scheduler-rules.md §3.4 item 7), Q26.
#include <catch2/catch.hpp>

#include "fit/sglang/sglang_test_support.h"

using namespace placement;
using namespace placement::sglang_test;

TEST_CASE("multi worker: main = first joiner, subordinates carry vram_utilization") {
  ScenarioBuilder b;
  b.workers.push_back(worker(2, "a", {gpu(0, k4080)}));
  b.workers.push_back(worker(3, "b", {gpu(0, k4080)}));
  b.vram_claim(20LL * kGiB);
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.strategy == "multi_worker");
  const Candidate& c = r.candidates[0];
  CHECK(c.worker_name == "a");
  CHECK_FALSE(c.claim.vram_utilization);
  REQUIRE(c.subordinate_workers.size() == 1);
  CHECK(c.subordinate_workers[0].worker_name == "b");
  CHECK(c.subordinate_workers[0].claim->vram_utilization == 0.772);
  CHECK(*find_vram(c.subordinate_workers[0].claim->vram, 0) == 13256383004);
}

TEST_CASE("multi worker: the balanced group only gates, the walk takes any worker of the type (Q26)") {
  ScenarioBuilder b;
  b.workers.push_back(worker(1, "big", {gpu(0, k4090), gpu(1, k4090)}));
  b.workers.push_back(worker(2, "w1", {gpu(0, k4080), gpu(1, k4080)}));
  b.workers.push_back(worker(3, "w2", {gpu(0, k4080), gpu(1, k4080)}));
  b.vram_claim(45000000000LL);
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.candidates[0].worker_name == "big");
  CHECK(r.candidates[0].subordinate_workers[0].worker_name == "w1");
  CHECK(has_quirk(r, "Q26"));
}

TEST_CASE("multi worker: skipped without distributed inference; explained when nothing fits") {
  ScenarioBuilder b;
  b.workers.push_back(worker(2, "a", {gpu(0, k4080)}));
  b.workers.push_back(worker(3, "b", {gpu(0, k4080)}));
  b.vram_claim(40LL * kGiB);
  SECTION("distributed off") {
    b.model["distributed_inference_across_workers"] = false;
    ScheduleResult r = b.run();
    CHECK((*strategy(r, "multi_worker"))["skip"]["code"] == "distributed_disabled");
  }
  SECTION("too little in total") {
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    CHECK(message_keys(r) == std::vector<std::string>{"requirement", "multi_worker"});
    const Json mw = message(r, "multi_worker");
    CHECK(mw["combination"] == Json::array({"a", "b"}));
    CHECK(mw["sum"] == 2 * 13256383004LL);
  }
}
