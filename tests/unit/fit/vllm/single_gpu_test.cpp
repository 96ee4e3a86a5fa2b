// vLLM single GPU (scheduler-rules.md §3.3 item 5).
#include <catch2/catch.hpp>

#include "fit/vllm/vllm_test_support.h"

using namespace placement;
using namespace placement::testing;
using namespace placement::vllm_test;

TEST_CASE("3.3.5 single GPU: claim int(total x gmu), candidate per fitting GPU", "[vllm][single_gpu]") {
  FitHarness h(vllm_scenario(Json{worker_json(2, "host4090", {{"cuda", G4090}})}));
  FitResult r = run_vllm(h);
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.strategy == "single_gpu");
  const Candidate& c = r.candidates[0];
  CHECK(c.gpu_type == "cuda");
  CHECK(claim_at(c.claim, 0) == 23'413'653'504);
  CHECK_FALSE(c.claim.vram_utilization.has_value());
  CHECK_FALSE(c.claim.ram.has_value());
  CHECK(c.claim.is_unified_memory == false);
  CHECK(status_of(h, "manual") == "skipped");
  CHECK(status_of(h, "single_worker_multi_gpu") == "not_reached");
  CHECK(status_of(h, "multi_worker") == "not_reached");
  CHECK(h.message_keys().empty());  // GPUStack shows no note when something fits
}

TEST_CASE("3.3.5 single GPU rejections and the explanation", "[vllm][single_gpu]") {
  SECTION("free fraction below gmu: vram_ratio shortfall, single-GPU note") {
    Json inst = Json::array({instance_json(1, 2, {{0, 10 * GiB}})});
    FitHarness h(vllm_scenario(Json{worker_json(2, "host4090", {{"cuda", G4090}})}, Json::object(), Json::object(), inst));
    FitResult r = run_vllm(h);
    CHECK(r.candidates.empty());
    CHECK(h.message_keys() == std::vector<std::string>{"vllm:requirement", "vllm:single_gpu"});
    CHECK((*h.message("single_gpu"))["largest_alloc"] == G4090 - 10 * GiB);
    const Json& rej = (*h.strategy("single_gpu"))["rejections"][0];
    CHECK(rej["code"] == "vram_ratio");
    const Json& sf = rej["shortfalls"][0];
    CHECK(sf["dim"] == "vram_ratio");
    CHECK(sf["need"].get<Bytes>() >= 23'413'653'504);
    CHECK(sf["need"].get<Bytes>() <= 23'413'653'505);
    CHECK(sf["freeable"] == true);
    CHECK_FALSE(h.has_quirk("Q3"));
  }
  SECTION("Q3: the reserve alone pushes the fraction below gmu") {
    FitHarness h(vllm_scenario(Json{worker_json(1, "w", {{"cuda", 10 * GiB}}, 64 * GiB, 0, 2 * GiB)}));
    CHECK(run_vllm(h).candidates.empty());
    CHECK(h.has_quirk("Q3"));
  }
  SECTION("RAM short (extended KV cache): the worker is skipped") {
    Json model{{"extended_kv_cache", {{"enabled", true}, {"ram_size", 100}}}};
    FitHarness h(vllm_scenario(Json{worker_json(2, "host4090", {{"cuda", G4090}})}, model));
    CHECK(run_vllm(h).candidates.empty());
    CHECK((*h.strategy("single_gpu"))["rejections"][0]["code"] == "ram");
    CHECK((*h.message("requirement"))["ram"] == 100 * GiB);
  }
}

TEST_CASE("3.3.5 gmu 0 (non-LLM): fits iff estimate <= allocatable, claim = estimate", "[vllm][single_gpu]") {
  Json model{{"categories", {"embedding"}}};
  Json workers{worker_json(1, "small", {{"cuda", GiB}}), worker_json(2, "big", {{"cuda", G4090}})};
  FitHarness h(vllm_scenario(workers, model));
  FitResult r = run_vllm(h);
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.candidates[0].worker_name == "big");
  CHECK(claim_at(r.candidates[0].claim, 0) == static_cast<Bytes>(1e9 * 1.2) + 512 * kMiB);
  CHECK((*h.strategy("single_gpu"))["rejections"][0]["code"] == "vram");
  CHECK_FALSE(h.message("requirement"));  // dropped: a candidate fits
}
