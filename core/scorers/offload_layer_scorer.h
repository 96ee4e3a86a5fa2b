// Offload-layer scorer (scheduler-rules.md §4.5, max 10): instances with more layers on GPUs are kept
// longer. Without layer counts (every non-GGUF claim) the score is 0 (Q8).
#pragma once

#include "scorers/scorer_inputs.h"
#include "trace/trace.h"

namespace placement {

// Claim or a layer count null → 0 (`record["quirks"]` gets Q8); equal counts → max; else
// offload/total × max. Throws ReferenceError where GPUStack divides by a total of 0.
double offload_layer_score(const ModelInstance& instance, double max_score, Json& record);

}  // namespace placement
