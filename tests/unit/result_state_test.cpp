// The result's GPUStack-worded fields: strategy_function per selector and strategy id, and
// state_message from the pick or the reference error that stopped the run.
#include <catch2/catch.hpp>

#include "result_state.h"

using namespace placement;

TEST_CASE("strategy_function names GPUStack's method for each selector's strategy") {
  struct Row {
    const char* selector;
    const char* strategy;
    std::optional<std::string> function;
  };
  const Row rows[] = {
      {"mindie", "manual", "_manual_select_candidates"},
      {"mindie", "single_worker", "_select_single_worker"},
      {"mindie", "multi_worker", "_select_multi_workers"},
      {"gguf", "multi_worker_rpc", "find_multi_worker_multi_gpu_candidates"},
      {"gguf", "partial_offload", "find_single_worker_partial_offloading_candidates"},
      {"vllm", "single_gpu", "find_single_worker_single_gpu_full_offloading_candidates"},
      {"sglang", "manual", "find_manual_gpu_selection_candidates"},
      {"custom", "single_gpu", "find_single_worker_single_gpu_candidates"},
      {"custom", "cpu_only", "_find_cpu_only_candidates"},
      {"mindie", "single_gpu", std::nullopt},  // not a MindIE strategy
      {"gguf", "", std::nullopt},              // no strategy produced candidates
      {"fixed_candidates", "", std::nullopt},
  };
  for (const Row& r : rows) {
    INFO(r.selector << " " << r.strategy);
    CHECK(gpustack_strategy_function(r.selector, r.strategy) == r.function);
  }
}

TEST_CASE("state_message: empty when scheduled, GPUStack's error text when known, else unknown") {
  const Json known{{"error",
                    {{"kind", "reference_error"},
                     {"stage", "fit"},
                     {"reason", "Failed to parse serve parameters: --max-iter-times must be in the range [1, --max-seq-len]"},
                     {"values", {{"gpustack_error", "Failed to parse model m serve parameters: x"}}}}}};
  const Json unknown{{"error", {{"kind", "reference_error"}, {"stage", "scoring"}, {"reason", "r"}, {"values", Json::object()}}}};
  const Json unsupported{{"error", {{"kind", "unsupported"}, {"stage", "dispatch"}, {"reason", "r"}, {"values", {{"gpustack_error", "e"}}}}}};
  CHECK(gpustack_state_message(true, Json::object()) == std::string());
  CHECK(gpustack_state_message(false, known) == std::string("Failed to find candidate: Failed to parse model m serve parameters: x"));
  CHECK(gpustack_state_message(false, unknown) == std::nullopt);
  CHECK(gpustack_state_message(false, unsupported) == std::nullopt);
  // No candidate, nothing raised: GPUStack's own text from the message slots (here none at all).
  CHECK(gpustack_state_message(false, Json::object()) ==
        std::string("No suitable workers.\nDetails:\nNo workers meet the resource requirements."));
}
