// Score chains (scheduler-rules.md §4.1): scale-up = placement (binpack or spread, max 100) + model-file
// locality (max 5); scale-down = status (100) + offload layer (10) + placement scale-down (1).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "resources/allocatable.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

// Sets each candidate's `scores` (placement, model_file_locality) and `score`; records the
// scoring section of the trace. Throws ReferenceError (stage `scoring`) where GPUStack raises.
void score_scale_up(const Scenario& scenario, const Model& model, std::vector<Candidate>& candidates, Trace& trace);
// The same with the caller's index over every instance of the scenario (the scheduler has one).
void score_scale_up(const Scenario& scenario, const Model& model, std::vector<Candidate>& candidates, Trace& trace,
                    const AllocationIndex& allocation);

struct RankedInstance {
  std::int64_t instance_id = 0;
  std::string name;
  std::vector<std::pair<std::string, double>> scores;  // status, offload_layer, placement
  double score = 0;
};

// This model's instances ranked ascending (first = first to delete). A ranking failure (§4.5)
// is recorded in trace.error and yields an empty ranking.
std::vector<RankedInstance> rank_scale_down(const Scenario& scenario, Trace& trace);

// The scale-down chain's rescaling: total_max_score / (100 + 10 + 1), or 1 without it.
double scale_down_factor(const std::optional<double>& total_max_score);

}  // namespace placement
