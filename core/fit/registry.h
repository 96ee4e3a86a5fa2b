// Dispatch to one resource-fit selector (scheduler-rules.md §3.0), first match wins:
//   vGPU (gpu_type_selector set) → GGUF (any backend) → MindIE → vLLM (not omni) → SGLang → Custom.
#pragma once

#include <string>

#include "fit/fit_context.h"

namespace placement {

struct SelectorChoice {
  std::string selector;  // gguf | mindie | vllm | sglang | custom | vgpu
  std::string reason;    // why this one (for trace.dispatch)
  SelectorFunction run = nullptr;
};

SelectorChoice choose_selector(const Model& model, const BackendParameters& params);

// The selectors (each in its own folder under fit/).
FitResult select_gguf(FitContext& ctx);
FitResult select_vllm(FitContext& ctx);
FitResult select_sglang(FitContext& ctx);
FitResult select_mindie(FitContext& ctx);
FitResult select_custom(FitContext& ctx);
FitResult select_vgpu(FitContext& ctx);

}  // namespace placement

namespace placement {

// The parameter world size each backend derives from backend_parameters (vLLM §3.3.1, SGLang
// §3.4.1, MindIE §3.5.1); 0 when none is given. Used by evaluation E1. Throws ReferenceError on
// invalid sizes.
long long vllm_world_size(const Model& model, const BackendParameters& params);
long long sglang_world_size(const Model& model, const BackendParameters& params);
long long mindie_world_size(const Model& model, const BackendParameters& params);

}  // namespace placement
