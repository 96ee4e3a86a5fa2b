// Placeholder until the mindie selector lands: records that it did not run.
#include "fit/registry.h"

namespace placement {

FitResult select_mindie(FitContext& ctx) {
  ctx.trace.add_strategy("mindie", "not_implemented", "not_reached");
  return {};
}

}  // namespace placement

namespace placement {
long long mindie_world_size(const Model&, const BackendParameters&) { return 0; }
}  // namespace placement
