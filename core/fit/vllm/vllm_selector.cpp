// Placeholder until the vllm selector lands: records that it did not run.
#include "fit/registry.h"

namespace placement {

FitResult select_vllm(FitContext& ctx) {
  ctx.trace.add_strategy("vllm", "not_implemented", "not_reached");
  return {};
}

}  // namespace placement

namespace placement {
long long vllm_world_size(const Model&, const BackendParameters&) { return 0; }
}  // namespace placement
