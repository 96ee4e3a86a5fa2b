// vLLM with GPU ids: the manual routine alone (scheduler-rules.md §3.3 item 4), Q22.
#include <catch2/catch.hpp>

#include "fit/vllm/vllm_test_support.h"

using namespace placement;
using namespace placement::testing;
using namespace placement::vllm_test;

TEST_CASE("3.3.4 ids: manual alone, with u = gmu", "[vllm][manual]") {
  Json workers{worker_json(2, "host4090", {{"cuda", G4090}}), worker_json(12, "host-2-4090", {{"cuda", 25'757'220'864}}, 64 * GiB, 2 * GiB, GiB)};
  FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", {{"gpu_ids", {"host4090:cuda:0", "host-2-4090:cuda:0"}}, {"gpus_per_replica", 1}}}}));
  FitResult r = run_vllm(h);
  REQUIRE(r.candidates.size() == 2);
  CHECK(r.strategy == "manual");
  CHECK(r.candidates[1].claim.vram_utilization == 0.9);
  CHECK(claim_at(r.candidates[1].claim, 0) == 23'181'498'777);
  CHECK(status_of(h, "single_gpu") == "not_reached");
  SECTION("nothing found: the others are skipped as manual_only") {
    FitHarness h2(vllm_scenario(workers, Json{{"gpu_selector", {{"gpu_ids", {"host4090:cuda:0"}}, {"gpus_per_replica", 2}}}}));
    CHECK(run_vllm(h2).candidates.empty());
    CHECK((*h2.strategy("single_gpu"))["skip"]["code"] == "manual_only");
  }
}

TEST_CASE("Q22: the distributed-instance notice replaces the vLLM explanation", "[vllm][manual]") {
  Json workers{worker_json(1, "a", {{"cuda", G4090}}), worker_json(2, "b", {{"cuda", G4090}})};
  Json inst = distributed_instance_json(50, "other-dist", "vLLM", 3, 2, "b");
  FitHarness h(vllm_scenario(workers, Json{{"gpu_selector", {{"gpu_ids", {"a:cuda:0", "b:cuda:0"}}}}}, Json::object(), Json{inst}));
  CHECK(run_vllm(h).candidates.empty());
  CHECK(h.message_keys() == std::vector<std::string>{"manual:distributed_limit"});
  CHECK(h.has_quirk("Q22"));
}
