// GPUStack's port of SGLang's default --mem-fraction-static (scheduler-rules.md §3.4 "Calculator"):
// SGLang reserves MiB for activations, CUDA graphs and parallelism overhead; the rest of the
// smallest relevant GPU is the static fraction u that every claim of that GPU type uses.
#pragma once

#include <memory>
#include <optional>

#include "fit/sglang/gpu_selection.h"
#include "fit/sglang/mem_fraction_detail.h"
#include "fit/sglang/sglang_parameters.h"
#include "fit/common/worker_pool.h"
#include "resources/allocatable.h"
#include "trace/trace.h"

namespace placement {

struct MemFractionInputs {
  GpuType gpu_type;
  std::vector<const Worker*> workers;          // that type's group, GPU lists as GPUStack sees them then
  const SelectionByType* selection = nullptr;  // the manual ids (empty without ids)
  bool gpu_selector_present = false;           // GPUStack takes the manual branch on the object alone
  std::optional<int> gpus_per_replica;         // > 0 only
  const AllocationIndex* allocation = nullptr;
  const SglangParameters* params = nullptr;
  Json vision_config;  // null unless the root config has a vision_config object
};

struct MemFractionResult {
  std::optional<double> u;  // nullopt when --mem-fraction-static is given (GPUStack returns None)
  MemFractionDetail detail;  // every intermediate value, for the trace's requirement section
};

// Throws ReferenceError (stage `fit`) where GPUStack fails: gpus_per_replica set and a worker of
// the type has no selected GPU of that type (`idx in None`); a UMA worker without GPU index 0.
MemFractionResult calculate_mem_fraction_static(const MemFractionInputs& in);

// The table row (§3.4): chunked-prefill size C and CUDA-graph batch size B by the smallest GPU's
// MiB, NPU or not, and the largest tensor-parallel size guessed.
struct PrefillGraphDefaults {
  long long chunked_prefill_size = 0;
  long long cuda_graph_max_bs = 0;
};
PrefillGraphDefaults prefill_graph_defaults(double gpu_mem_mib, bool is_npu, long long max_tp);

// The ViT adjustment for multimodal models: u × 0.95 × clamp(1 − 0.1·(ratio − 1), 0.8, 1.05).
double vision_factor(const Json& vision_config);

}  // namespace placement
