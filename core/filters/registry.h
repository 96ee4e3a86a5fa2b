// The six base filters in GPUStack's order (scheduler-rules.md §2): cluster, GPU matching, label
// matching, status, backend framework, local path. Each records every input worker in a filter
// record of the trace; once one leaves nobody the rest are `not_run`.
#pragma once

#include <vector>

#include "scenario/backend_parameters.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

std::vector<const Worker*> run_base_filters(const Scenario& scenario, const Model& model, const BackendParameters& params,
                                            Trace& trace);

}  // namespace placement
