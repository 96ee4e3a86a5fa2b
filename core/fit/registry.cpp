#include "fit/registry.h"

namespace placement {

namespace {
bool is_omni(const Model& m, const BackendParameters& p) {
  return p.boolean("omni").value_or(false) || has_category(m, "image") || has_category(m, "text_to_speech");
}
}  // namespace

SelectorChoice choose_selector(const Model& m, const BackendParameters& p) {
  const std::string backend = m.backend.value_or("");
  if (m.gpu_type_selector_set) return {"vgpu", "gpu_type_selector is set", select_vgpu};
  if (is_gguf(m)) return {"gguf", "the model file is a .gguf", select_gguf};
  if (backend == "MindIE") return {"mindie", "backend MindIE", select_mindie};
  if (backend == "vLLM" && !is_omni(m, p)) return {"vllm", "backend vLLM", select_vllm};
  if (backend == "SGLang") return {"sglang", "backend SGLang", select_sglang};
  std::string why = backend.empty() ? "no backend set (dispatch reads the literal value, Q17)"
                    : backend == "vLLM" ? "vLLM omni model (omni flag or image/text_to_speech category)"
                                        : "backend " + backend;
  return {"custom", why, select_custom};
}

FitResult select_vgpu(FitContext& ctx) {
  ctx.trace.error("unsupported", "dispatch", "operator-sliced GPU pools (gpu_type_selector) are out of scope");
  return {};
}

}  // namespace placement
