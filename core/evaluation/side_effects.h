// What GPUStack's model evaluation changes on the model before an instance is queued
// (scheduler-rules.md §0 step 1): E1 fills gpus_per_replica from the selected GPUs, E2 marks a
// GGUF model distributable from its estimate and distributed when the selected GPUs span workers.
#pragma once

#include "scenario/backend_parameters.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

// Applies E1 and E2 to `model` and records them in the trace's evaluation record (evaluation_record.h) (or records that the
// scenario skips evaluation). Throws ReferenceError (stage `evaluation`) when the selected GPUs
// span several workers but the GGUF model is not distributable.
void apply_evaluation(Model& model, const Scenario& scenario, const BackendParameters& params, Trace& trace);

}  // namespace placement
