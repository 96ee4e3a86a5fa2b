// Placement, binpack (scheduler.md §4.2): the fuller a worker's memory would be with this claim,
// the higher the score. Scale-up divides by what is left; scale-down by what is left plus the
// instance's own claim (its allocatable is computed from this model's instances only, Q6).
#pragma once

#include "resources/allocatable.h"
#include "scorers/scorer_inputs.h"
#include "trace/trace.h"

namespace placement {

class PlacementBinpackScorer {
 public:
  // `allocation` must index the scorer's instances: every instance for scale-up, this model's
  // instances for scale-down.
  // `trace` (optional) receives the Q5 marker.
  PlacementBinpackScorer(const WorkerLookup& workers, const AllocationIndex& allocation, ScaleType scale, double max_score,
                         Trace* trace = nullptr);

  // Both throw ReferenceError (stage `scoring`) where GPUStack raises; `record` receives the raw
  // inputs (per-GPU claim, allocatable, r, v, s_i, chosen GPU, subordinate scores) and the score.
  double score_candidate(const Candidate& candidate, Json& record) const;
  double score_instance(const ModelInstance& instance, Json& record) const;

  // One worker's part: CPU item or GPU item (the max over its GPUs). Public for tests.
  double score_item(const Worker& worker, const std::optional<std::vector<int>>& gpu_indexes, const ResourceClaim* claim,
                    Json& record) const;

  // GPUStack's weighting of the main worker against its subordinates (Q5: the *sum* of the
  // subordinate scores is multiplied by their count).
  static double combine_with_subordinates(double main_score, double subordinate_sum, std::size_t subordinate_count);

 private:
  double score_subordinates(const std::vector<SubordinateWorker>& subordinates, Json& record) const;
  double score_with_subordinates(const Worker& worker, const std::optional<std::vector<int>>& gpu_indexes,
                                 const ResourceClaim* claim, const std::vector<SubordinateWorker>& subordinates,
                                 Json& record) const;

  const WorkerLookup& workers_;
  const AllocationIndex& allocation_;
  ScaleType scale_;
  double max_score_;
  Trace* trace_;
};

}  // namespace placement
