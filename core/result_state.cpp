#include "result_state.h"

#include "explain/gpustack_messages.h"

#include <array>
#include <tuple>

namespace placement {

std::optional<std::string> gpustack_strategy_function(const std::string& selector, const std::string& strategy) {
  using Row = std::tuple<const char*, const char*, const char*>;
  static constexpr std::array<Row, 20> table{{
      {"gguf", "single_worker_single_gpu", "find_single_worker_single_gpu_full_offloading_candidates"},
      {"gguf", "single_worker_multi_gpu", "find_single_worker_multi_gpu_full_offloading_candidates"},
      {"gguf", "multi_worker_rpc", "find_multi_worker_multi_gpu_candidates"},
      {"gguf", "partial_offload", "find_single_worker_partial_offloading_candidates"},
      {"gguf", "cpu_only", "find_single_worker_cpu_candidates"},
      {"vllm", "manual", "find_manual_gpu_selection_candidates"},
      {"vllm", "single_gpu", "find_single_worker_single_gpu_full_offloading_candidates"},
      {"vllm", "single_worker_multi_gpu", "find_single_worker_multi_gpu_full_offloading_candidates"},
      {"vllm", "multi_worker", "find_multi_worker_multi_gpu_candidates"},
      {"sglang", "manual", "find_manual_gpu_selection_candidates"},
      {"sglang", "single_gpu", "find_single_worker_single_gpu_full_offloading_candidates"},
      {"sglang", "single_worker_multi_gpu", "find_single_worker_multi_gpu_full_offloading_candidates"},
      {"sglang", "multi_worker", "find_multi_worker_multi_gpu_candidates"},
      {"mindie", "manual", "_manual_select_candidates"},
      {"mindie", "single_worker", "_select_single_worker"},
      {"mindie", "multi_worker", "_select_multi_workers"},
      {"custom", "manual", "find_manual_gpu_selection_candidates"},
      {"custom", "single_gpu", "find_single_worker_single_gpu_candidates"},
      {"custom", "single_worker_multi_gpu", "find_single_worker_multi_gpu_candidates"},
      {"custom", "cpu_only", "_find_cpu_only_candidates"},
  }};
  for (const auto& [s, id, fn] : table)
    if (selector == s && strategy == id) return std::string(fn);
  return std::nullopt;
}

std::optional<std::string> gpustack_state_message(bool selected, const Json& trace) {
  if (selected) return std::string();
  const Json* error = trace.contains("error") ? &trace["error"] : nullptr;
  // No candidate and nothing raised (or a selector constructor that raised, which find_candidate
  // reports as its one message): GPUStack's "No suitable workers." text from the message slots.
  if (!error || error->is_null() || (error->is_object() && error->value("stage", "") == "selector_init"))
    return gpustack_no_candidate_message(trace);
  if (!error->is_object() || error->value("kind", "") != "reference_error") return std::nullopt;
  const Json& values = (*error)["values"];
  if (!values.is_object() || !values.contains("gpustack_error") || !values["gpustack_error"].is_string()) return std::nullopt;
  return "Failed to find candidate: " + values["gpustack_error"].get<std::string>();
}

}  // namespace placement
