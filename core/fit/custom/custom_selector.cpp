// Placeholder until the custom selector lands: records that it did not run.
#include "fit/registry.h"

namespace placement {

FitResult select_custom(FitContext& ctx) {
  ctx.trace.add_strategy("custom", "not_implemented", "not_reached");
  return {};
}

}  // namespace placement
