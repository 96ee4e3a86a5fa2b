// What the vLLM fit reads from the model before it looks at any worker (scheduler-rules.md §3.3.1–3):
// the parameter world size, the executor backend, the explicit-parameter validation and the GPU
// memory utilisation (gmu). Each reader throws ReferenceError where GPUStack would raise.
#pragma once

#include <optional>
#include <string>

#include "fit/common/hf_config.h"
#include "scenario/backend_parameters.h"
#include "scenario/types.h"

namespace placement {

// §3.3.1: product of the present parallel sizes. world 0 = none given. `labels` names the sizes
// that made it ("tp/pp/dp/dpl"), as GPUStack's world-size mismatch error does.
struct VllmWorldSize {
  long long world = 0;
  std::string labels;
};
// Throws ReferenceError(selector_init) on a non-positive size.
VllmWorldSize vllm_world(const BackendParameters& params);

// §3.3.2: ray unless `--distributed-executor-backend mp`, or no flag and a `-custom`
// backend_version ≥ 0.18.0 (custom images without Ray).
enum class VllmExecutor { ray, mp };
struct VllmExecutorChoice {
  VllmExecutor executor = VllmExecutor::ray;
  std::string source;  // parameter | custom_version | default
};
VllmExecutorChoice resolve_vllm_executor(const Model& model, const BackendParameters& params);

// gpustack-runtime's version comparison (-1, 0, 1): parts split at . - _ +, digits compare as
// numbers, alpha < beta < rc < other text, missing parts count as 0.
int compare_runtime_versions(const std::string& a, const std::string& b);

// §3.3.2 validation: an explicit tp failing tp_ok, or mp with dp not a multiple of dpl.
// Throws ReferenceError(fit).
void validate_vllm_parameters(const HfHyperParameters& hp, const BackendParameters& params, VllmExecutor executor);

// §3.3.3 gpu memory utilisation.
struct VllmGmu {
  double value = 0.9;
  std::string source;  // parameter | default | non_llm_default
};
// Throws ReferenceError(fit) when the parameter does not parse as a Python float.
VllmGmu resolve_vllm_gmu(const Model& model, const HfHyperParameters& hp, const BackendParameters& params);

}  // namespace placement
