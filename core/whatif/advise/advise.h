// What would make it fit: for a scenario where the model (or K replicas of it) does not fit,
// changes across levers (levers.h) that the scheduler itself confirms, cheapest first
// (parameter < setting < cluster < hardware, then the size of the change).
#pragma once

#include "scheduler.h"

namespace placement::whatif {

inline constexpr int kAdviseRunBudget = 2000;

// {"fits", "replicas", "why_not", "suggestions": [{"lever", "summary", "patch", "placement", "cost":
//  {"rank", "class", "size"}}], "search": {"runs", "caps"}}
Json advise(const Json& document, int replicas, int budget = kAdviseRunBudget);

}  // namespace placement::whatif
