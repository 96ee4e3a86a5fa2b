// The Custom / VoxBox selector as a whole (scheduler-rules.md §3.6): type grouping (Q1) and the
// explanation slots in GPUStack's order.
#include <catch2/catch.hpp>

#include "fit/custom/custom_test_support.h"

using namespace placement;
using namespace placement::custom_test;

TEST_CASE("custom: a mixed worker keeps only its last-appearing GPU type (Q1)") {
  Json mixed = worker(1, "mix", 64 * G, Json::array({gpu("cuda", 0, 40 * G), gpu("rocm", 0, 24 * G), gpu("rocm", 1, 24 * G)}));
  Run r = run_custom(Json::array({mixed}), model(20 * G));
  // The 40 GiB cuda GPU is never usable; both rocm GPUs are.
  CHECK(indexes_of(r.fit) == std::vector<std::vector<int>>{{0}, {1}});
  CHECK(r.fit.candidates[0].gpu_type == std::optional<std::string>("rocm"));
  CHECK(r.has_quirk("Q1"));
}

TEST_CASE("custom: explanation slots in GPUStack's order") {
  struct Row {
    const char* rule;
    Json workers;
    Json model;
    std::vector<std::string> keys;
  };
  const Row rows[] = {
      {"CPU RAM short wins over the GPU lines", Json::array({worker(6, "host-cpu-1", 64 * G)}),
       model(751619276800, {{"cpu_offloading", true}}), {"requirement", "cpu_only"}},
      {"multi-GPU line when the largest worker had two GPUs",
       Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 8 * G), gpu("cuda", 1, 8 * G)}))}), model(20 * G),
       {"requirement", "single_worker_multi_gpu"}},
      {"single-GPU line when no multi-GPU worker was seen", Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 8 * G)}))}),
       model(20 * G), {"requirement", "single_gpu"}},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    Run r = run_custom(row.workers, row.model);
    CHECK(r.fit.candidates.empty());
    CHECK(r.message_keys() == row.keys);
  }
  Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 8 * G), gpu("cuda", 1, 8 * G)}))}), model(20 * G));
  CHECK(r.message("requirement")["vram"] == 20 * G);
  CHECK(r.message("single_worker_multi_gpu")["largest_vram"] == 16 * G);
  CHECK(r.message("single_worker_multi_gpu")["gpu_count"] == 2);
}
