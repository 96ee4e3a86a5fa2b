// vLLM single worker, multi GPU (scheduler-rules.md §3.3 item 6), Q2 and Q15.
#include <catch2/catch.hpp>

#include "fit/vllm/vllm_test_support.h"

using namespace placement;
using namespace placement::testing;
using namespace placement::vllm_test;

TEST_CASE("3.3.6 single worker multi GPU: accumulate by alloc, tp-divisible counts only", "[vllm][multi_gpu]") {
  struct Row {
    const char* rule;
    int gpus;
    long long heads;
    std::vector<std::string> params;
    Bytes vram;
    std::size_t expected_gpus;
  };
  const std::vector<Row> rows = {
      {"two 4080s hold 20 GB", 2, 12, {}, 20'000'000'000, 2},
      {"3 divides 12 heads", 4, 12, {}, 40'000'000'000, 3},
      {"3 does not divide 8 heads: go to 4", 4, 8, {}, 40'000'000'000, 4},
      {"world size 2 stops at 2 GPUs", 4, 8, {"--tp=2"}, 1'000'000'000, 2},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    std::vector<GpuSpec> gpus(static_cast<std::size_t>(row.gpus), GpuSpec{"cuda", G4080});
    Json model{{"env", env_claim(row.vram)}, {"backend_parameters", row.params}};
    FitHarness h(vllm_scenario(Json{worker_json(3, "host4080", gpus)}, model, Json{{"config", config_json(row.heads, 12000)}}));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.strategy == "single_worker_multi_gpu");
    CHECK(r.candidates[0].gpu_indexes->size() == row.expected_gpus);
    CHECK(r.candidates[0].gpu_type == "cuda");
    CHECK(claim_at(r.candidates[0].claim, 0) == 15'454'332'518);
    if (!row.params.empty()) CHECK((*h.strategy("single_gpu"))["skip"]["code"] == "gpu_count_gt_1");
  }
}

TEST_CASE("3.3.6 fewest GPUs win; Q2 strict gmu", "[vllm][multi_gpu]") {
  SECTION("a 2-GPU candidate beats a 3-GPU one") {
    Json workers{worker_json(1, "four-small", std::vector<GpuSpec>(4, GpuSpec{"cuda", 8 * GiB})),
                 worker_json(2, "two-4080", {{"cuda", G4080}, {"cuda", G4080}})};
    FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(20'000'000'000)}}, Json{{"config", config_json(12, 12000)}}));
    FitResult r = run_vllm(h);
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].worker_name == "two-4080");
  }
  SECTION("Q2: a free fraction exactly gmu is not eligible here") {
    Json w = worker_json(1, "w", std::vector<GpuSpec>(3, GpuSpec{"cuda", 10'000'000'000}), 64 * GiB, 0, 1'000'000'000);
    FitHarness h(vllm_scenario(Json{w}, Json{{"env", env_claim(12'000'000'000)}}));
    CHECK(run_vllm(h).candidates.empty());
    CHECK(h.has_quirk("Q2"));
    CHECK(h.message_keys() == std::vector<std::string>{"vllm:requirement", "vllm:single_worker_multi_gpu"});
    const Json& note = *h.message("single_worker_multi_gpu");
    CHECK(note["satisfied"] == 0);
    CHECK(note["total"] == 3);
  }
}

TEST_CASE("Q15: the multi-GPU note follows the last worker examined, not the largest", "[vllm][multi_gpu]") {
  Json workers{worker_json(1, "big", {{"cuda", 20 * GiB}, {"cuda", 20 * GiB}}), worker_json(2, "small", {{"cuda", 2 * GiB}, {"cuda", 2 * GiB}})};
  FitHarness h(vllm_scenario(workers, Json{{"env", env_claim(500 * GiB)}, {"distributed_inference_across_workers", false}}));
  CHECK(run_vllm(h).candidates.empty());
  const Json& note = *h.message("single_worker_multi_gpu");
  CHECK(note["largest_alloc"] == 4 * GiB);  // GPUStack compares 40 GiB with the stored count 2
  CHECK(h.has_quirk("Q15"));
}
