// What every resource-fit selector receives and returns (scheduler-rules.md §3).
#pragma once

#include <string>
#include <vector>

#include "resources/allocatable.h"
#include "scenario/backend_parameters.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

class GgufEstimateProvider;  // fit/gguf/estimate_provider.h

struct FitContext {
  const Scenario& scenario;
  const Model& model;                       // after evaluation side effects (§0 step 1)
  const std::vector<const Worker*>& workers;  // survivors of the base filters, scenario order
  const AllocationIndex& allocation;        // over every instance of the scenario
  const BackendParameters& params;          // model.backend_parameters, parsed once
  Trace& trace;
  GgufEstimateProvider* gguf_estimates = nullptr;  // set for GGUF models
};

struct FitResult {
  std::vector<Candidate> candidates;
  std::string strategy;  // id of the strategy that produced them (§6.3), empty when none did
};

using SelectorFunction = FitResult (*)(FitContext&);

}  // namespace placement
