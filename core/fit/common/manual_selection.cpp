// Placeholder until the manual GPU selection routine (§3.1.7) lands.
#include "fit/common/shared_rules.h"

namespace placement {

std::vector<Candidate> select_manual(FitContext& ctx, const ManualRequest&, const ManualOptions& options) {
  ctx.trace.add_strategy(options.selector, "manual", "not_reached");
  return {};
}

}  // namespace placement
