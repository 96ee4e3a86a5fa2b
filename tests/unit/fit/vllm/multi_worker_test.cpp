// vLLM multi worker (scheduler-rules.md §3.3 items 7 and 8), Q12 and Q18.
#include <catch2/catch.hpp>

#include "fit/vllm/vllm_test_support.h"

using namespace placement;
using namespace placement::testing;
using namespace placement::vllm_test;

TEST_CASE("3.3.7 multi worker: one candidate, main + subordinates with all GPUs", "[vllm][multi_worker]") {
  Json workers{worker_json(3, "host4080", {{"cuda", G4080}, {"cuda", G4080}}), worker_json(4, "host4080-1", {{"cuda", G4080}, {"cuda", G4080}})};
  SECTION("ray executor") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(50'000'000'000)}}));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.strategy == "multi_worker");
    const Candidate& c = r.candidates[0];
    CHECK(c.worker_name == "host4080");
    CHECK(indexes(c) == std::vector<int>{0, 1});
    REQUIRE(c.subordinate_workers.size() == 1);
    CHECK(c.subordinate_workers[0].gpu_indexes == std::vector<int>{0, 1});
    CHECK_FALSE(c.subordinate_workers[0].claim->vram_utilization.has_value());
    CHECK(claim_at(*c.subordinate_workers[0].claim, 1) == 15'454'332'518);
  }
  SECTION("too much: the optimal-combination note") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(80'777'723'648)}}));
    CHECK(run_vllm(h).candidates.empty());
    const Json& note = *h.message("multi_worker");
    CHECK(note["combination"] == Json{"host4080", "host4080-1"});
    CHECK(note["largest_vram_gib"] == 57.57);
  }
  SECTION("distributed disabled: skipped") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(50'000'000'000)}, {"distributed_inference_across_workers", false}}));
    CHECK(run_vllm(h).candidates.empty());
    CHECK((*h.strategy("multi_worker"))["skip"]["code"] == "distributed_disabled");
  }
}

TEST_CASE("3.3.8 mp topology decides the multi-worker walk", "[vllm][multi_worker]") {
  Json workers{worker_json(3, "a", {{"cuda", G4080}, {"cuda", G4080}}), worker_json(4, "b", {{"cuda", G4080}, {"cuda", G4080}})};
  Json estimates{{"config", config_json(8, 12000)}};
  SECTION("mp: pp 4 over two 2-GPU workers cannot split into DP ranks") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(50'000'000'000)}, {"backend_parameters", {"--distributed-executor-backend=mp", "--pp=4"}}}, estimates));
    CHECK(run_vllm(h).candidates.empty());
    const Json& note = *h.message("multi_worker");
    REQUIRE(note["topology_reasons"].size() == 1);
    CHECK((*h.strategy("single_worker_multi_gpu"))["rejections"][0]["code"] == "gpu_count");
  }
  SECTION("ray: no topology rule") {
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(50'000'000'000)}, {"backend_parameters", {"--pp=4"}}}, estimates));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].subordinate_workers.size() == 1);
  }
}

TEST_CASE("Q12: multi worker may return one worker; Q18: gmu 0 sums totals, claims 0", "[vllm][multi_worker]") {
  SECTION("Q12 (with Q2 excluding the worker from single-worker multi-GPU)") {
    Json a = worker_json(1, "a", {{"cuda", 10'000'000'000}, {"cuda", 10'000'000'000}}, 64 * GiB, 0, 1'000'000'000);
    Json b = worker_json(2, "b", {{"cuda", 10'000'000'000}, {"cuda", 10'000'000'000}}, 64 * GiB, 0, 1'000'000'000);
    Json inst = Json::array({instance_json(9, 2, {{0, 5'000'000'000}})});
    FitHarness h(vllm_scenario(Json{a, b}, Json{{"env", env_claim(12'000'000'000)}}, Json::object(), inst));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.strategy == "multi_worker");
    CHECK(r.candidates[0].worker_name == "a");
    CHECK(r.candidates[0].subordinate_workers.empty());
    CHECK(h.has_quirk("Q12"));
    CHECK(h.has_quirk("Q2"));
  }
  SECTION("Q18") {
    Json workers{worker_json(1, "a", {{"cuda", 10 * GiB}, {"cuda", 10 * GiB}}), worker_json(2, "b", {{"cuda", 10 * GiB}, {"cuda", 10 * GiB}})};
    FitHarness h(vllm_scenario(workers, Json{{"categories", {"embedding"}}, {"env", env_claim(30 * GiB)}}));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.strategy == "multi_worker");
    CHECK(claim_at(r.candidates[0].claim, 0) == 0);
    CHECK(claim_at(*r.candidates[0].subordinate_workers[0].claim, 1) == 0);
    CHECK(h.has_quirk("Q18"));
  }
}
