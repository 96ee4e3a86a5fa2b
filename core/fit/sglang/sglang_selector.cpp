// Placeholder until the sglang selector lands: records that it did not run.
#include "fit/registry.h"

namespace placement {

FitResult select_sglang(FitContext& ctx) {
  ctx.trace.add_strategy("sglang", "not_implemented", "not_reached");
  return {};
}

}  // namespace placement

namespace placement {
long long sglang_world_size(const Model&, const BackendParameters&) { return 0; }
}  // namespace placement
