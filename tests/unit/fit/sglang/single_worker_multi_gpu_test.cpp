// SGLang single worker, multi GPU (scheduler-rules.md §3.4 item 6).
#include <catch2/catch.hpp>

#include "fit/sglang/sglang_test_support.h"

using namespace placement;
using namespace placement::sglang_test;

TEST_CASE("single worker multi GPU: balanced group, accumulation by allocatable descending") {
  ScenarioBuilder b;
  b.workers.push_back(worker(3, "host4080", {gpu(0, k4080), gpu(1, k4080)}));
  b.vram_claim(14147483648);  // more than one GPU gives at u
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.strategy == "single_worker_multi_gpu");
  CHECK(*r.candidates[0].gpu_indexes == std::vector<int>({0, 1}));
  CHECK(claim_of(r.candidates[0], 1) == 13256383004);
  CHECK(r.candidates[0].claim.vram_utilization == 0.772);
}

TEST_CASE("a parameter world size > 1 skips single GPU and bounds the accumulation") {
  ScenarioBuilder b;
  b.workers.push_back(worker(5, "host-4-4080", {gpu(0, k4080), gpu(1, k4080), gpu(2, k4080), gpu(3, k4080)}));
  b.model["backend_parameters"] = {"--pp-size=2"};
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK((*strategy(r, "single_gpu"))["skip"]["code"] == "gpu_count_gt_1");
  CHECK(*r.candidates[0].gpu_indexes == std::vector<int>({0, 1}));
  CHECK(r.candidates[0].claim.vram_utilization == 0.765);  // pp 2 counts in the reserve
}

TEST_CASE("single worker multi GPU: too little VRAM explains with the largest worker") {
  ScenarioBuilder b;
  b.workers.push_back(worker(5, "host-4-4080", {gpu(0, k4080), gpu(1, k4080), gpu(2, k4080), gpu(3, k4080)}));
  b.estimates["weights_bytes"] = 65525200000LL;
  b.estimates["config"] = {{"num_attention_heads", 64}, {"vocab_size", 151936}};
  ScheduleResult r = b.run();
  CHECK(r.candidates.empty());
  CHECK(message_keys(r) == std::vector<std::string>{"requirement", "single_worker_multi_gpu"});
  const Json req = message(r, "requirement");
  CHECK(req["vram_gib"] == 75.23);
  CHECK(req["u_text"] == "0.772");
  CHECK(req["vram_over_u_gib"] == 97.45);
  CHECK(req["u_percent"] == 77);
  const Json swm = message(r, "single_worker_multi_gpu");
  CHECK(swm["largest_sum_text"] == "63.97");
  CHECK(swm["satisfied"] == 4);
  CHECK(swm["total"] == 4);
  CHECK(swm["effective_vram_gib"] == 49.38);
}

TEST_CASE("single worker multi GPU: the divisibility reason replaces the VRAM explanation") {
  ScenarioBuilder b;
  b.workers.push_back(worker(5, "host-4-4080", {gpu(0, k4080), gpu(1, k4080), gpu(2, k4080), gpu(3, k4080)}));
  b.estimates["weights_bytes"] = 65525200000LL;
  b.estimates["config"] = {{"num_attention_heads", 64}, {"vocab_size", 10001}};
  ScheduleResult r = b.run();
  CHECK(r.candidates.empty());
  const Json swm = message(r, "single_worker_multi_gpu");
  CHECK(swm["tp_reason"]["quantity"] == "vocab_size");
  CHECK(swm["tp_reason"]["n"] == 4);
}
