// Placeholder until the gguf selector lands: records that it did not run.
#include "fit/registry.h"

namespace placement {

FitResult select_gguf(FitContext& ctx) {
  ctx.trace.add_strategy("gguf", "not_implemented", "not_reached");
  return {};
}

}  // namespace placement
