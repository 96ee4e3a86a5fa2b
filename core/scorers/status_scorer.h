// Status scorer (scheduler-rules.md §4.5, max 100): healthy instances on ready workers are kept longest.
#pragma once

#include "scorers/scorer_inputs.h"
#include "trace/trace.h"

namespace placement {

// No or unknown worker → 0; worker not_ready → 0; instance error → 0; worker ready and instance
// running → max; anything else → max × 0.5. `record` receives the inputs and the score.
double status_score(const ModelInstance& instance, const WorkerLookup& workers, double max_score, Json& record);

}  // namespace placement
