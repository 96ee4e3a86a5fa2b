// SGLang single GPU (scheduler-rules.md §3.4 item 5), Q3.
#include <catch2/catch.hpp>

#include "fit/sglang/sglang_test_support.h"

using namespace placement;
using namespace placement::sglang_test;

TEST_CASE("single GPU: every GPU passing u_t is a candidate, claim int(total × u)") {
  ScenarioBuilder b;
  b.workers.push_back(worker(3, "host4080", {gpu(0, k4080), gpu(1, k4080)}));
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 2);
  CHECK(r.strategy == "single_gpu");
  CHECK(*r.candidates[1].gpu_indexes == std::vector<int>{1});
  CHECK(claim_of(r.candidates[0], 0) == 13256383004);
  CHECK(r.candidates[0].claim.vram_utilization == 0.772);
  CHECK(r.candidates[0].gpu_type == std::string("cuda"));
  CHECK(r.trace.root()["requirement"]["u"] == 0.772);
  CHECK((*strategy(r, "single_worker_multi_gpu"))["status"] == "not_reached");
  CHECK((*strategy(r, "manual"))["skip"]["code"] == "no_gpu_ids");
}

TEST_CASE("single GPU: a GPU below the utilisation ratio is rejected with a vram_ratio shortfall") {
  ScenarioBuilder b;
  b.workers.push_back(worker(3, "host4080", {gpu(0, k4080), gpu(1, k4080)}));
  b.instances.push_back(Json{{"id", 7}, {"model_id", 9}, {"state", "running"}, {"worker_id", 3}, {"gpu_indexes", {0}},
                             {"computed_resource_claim", {{"vram", {{"0", 10LL * kGiB}}}}}});
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(*r.candidates[0].gpu_indexes == std::vector<int>{1});
  const Json& rej = (*strategy(r, "single_gpu"))["rejections"][0];
  CHECK(rej["subject"]["gpu_indexes"] == Json::array({0}));
  CHECK(rej["shortfalls"][0]["dim"] == "vram_ratio");
  CHECK(rej["shortfalls"][0]["need"] == 13256383005);  // ceil(total × 0.772)
  CHECK(rej["shortfalls"][0]["freeable"] == true);
}

TEST_CASE("single GPU rejects on the reserve alone: Q3") {
  ScenarioBuilder b;
  b.workers.push_back(worker(3, "w", {gpu(0, k4080)}, Json{{"system_reserved", {{"ram", 0}, {"vram", 5LL * kGiB}}}}));
  ScheduleResult r = b.run();
  CHECK(r.candidates.empty());
  CHECK(has_quirk(r, "Q3"));
  CHECK(message_keys(r) == std::vector<std::string>{"requirement", "single_gpu"});
  const Json single = message(r, "single_gpu");
  CHECK(single["largest_alloc"] == k4080 - 5LL * kGiB);
  CHECK(single["percent_text"] == "68.73");
}
