// Placement, binpack (scheduler-rules.md §4.2): the fuller a worker's memory would be with this claim,
// the higher the score. Scale-up divides by what is left; scale-down by what is left plus the
// instance's own claim (its allocatable is computed from this model's instances only, Q6).
#pragma once

#include <map>
#include <memory>

#include "resources/allocatable.h"
#include "scorers/scale_down_row.h"
#include "scorers/scorer_inputs.h"
#include "trace/small_list.h"
#include "trace/trace.h"

namespace placement {

// One GPU's terms of a binpack item.
struct BinpackGpuTerm {
  int index = 0;
  std::optional<Bytes> ram_denominator;  // set when the claim has RAM
  std::optional<Bytes> claim, alloc;     // this GPU's claim and allocatable (null when absent)
  std::optional<Bytes> vram_denominator;  // set when both are present
  double r = 0, v = 0, s = 0;
};

// One worker's part of a binpack score, typed; write() writes its §6.5 fields as
// members of the open record. `reached` says how
// far scoring got, so a record cut short by a reference error shows what GPUStack had computed.
struct BinpackItem {
  enum class Reached { allocatable, kind, denominator, score };
  Reached reached = Reached::allocatable;
  std::int64_t worker_id = 0;
  std::string worker_name;
  Bytes alloc_ram = 0;
  std::shared_ptr<const VramMap> alloc_vram;  // the worker's, shared by its items (null: none yet)
  bool gpu = false;
  std::optional<Bytes> claim_ram;
  Bytes denominator = 0;  // CPU items
  SmallList<BinpackGpuTerm, 1> gpus;  // most candidates hold one GPU
  std::optional<int> chosen;
  double score = 0;

  void write(JsonOut& out) const;
};

struct BinpackSubordinateItem {
  std::optional<std::int64_t> worker_id;
  std::string worker_name;
  BinpackItem item;
};

// A candidate's or instance's whole binpack record (main worker and subordinates).
struct BinpackRecord {
  bool main_done = false;  // false: the main worker's scoring raised
  BinpackItem main;
  bool subordinates_done = false;  // set once every subordinate was scored (or one is unknown)
  std::vector<BinpackSubordinateItem> subordinates;
  double subordinate_sum = 0;
  bool q5 = false;
  bool scored = false;
  double score = 0;

  void write(JsonOut& out) const;
};

class PlacementBinpackScorer {
 public:
  // `allocation` must index the scorer's instances: every instance for scale-up, this model's
  // instances for scale-down.
  // `trace` (optional) receives the Q5 marker.
  PlacementBinpackScorer(const WorkerLookup& workers, const AllocationIndex& allocation, ScaleType scale, double max_score,
                         Trace* trace = nullptr);

  // Both throw ReferenceError (stage `scoring`) where GPUStack raises; the record receives the raw
  // inputs (per-GPU claim, allocatable, r, v, s_i, chosen GPU, subordinate scores) and the score,
  // and on a reference error what was computed before it.
  double score_candidate(const Candidate& candidate, BinpackRecord& record) const;
  // `row.why` is set for an instance without a (known) worker, which scores 0; else `row.item`
  // receives the instance's record.
  double score_instance(const ModelInstance& instance, ScaleDownRow<BinpackRecord>& row) const;

  // One worker's part: CPU item or GPU item (the max over its GPUs). Public for tests.
  double score_item(const Worker& worker, const std::optional<std::vector<int>>& gpu_indexes, const ResourceClaim* claim,
                    BinpackItem& item) const;

  // GPUStack's weighting of the main worker against its subordinates (Q5: the *sum* of the
  // subordinate scores is multiplied by their count).
  static double combine_with_subordinates(double main_score, double subordinate_sum, std::size_t subordinate_count);

 private:
  double score_subordinates(const std::vector<SubordinateWorker>& subordinates, BinpackRecord& record) const;
  double score_with_subordinates(const Worker& worker, const std::optional<std::vector<int>>& gpu_indexes,
                                 const ResourceClaim* claim, const std::vector<SubordinateWorker>& subordinates,
                                 BinpackRecord& record) const;

  // A worker's allocatable, computed once: candidates share workers (one per GPU under single-GPU
  // strategies). Keyed by the worker's address: lookups only, never iterated.
  const std::shared_ptr<const Allocatable>& allocatable_of(const Worker& worker) const;

  const WorkerLookup& workers_;
  const AllocationIndex& allocation_;
  ScaleType scale_;
  double max_score_;
  Trace* trace_;
  mutable std::map<const Worker*, std::shared_ptr<const Allocatable>> allocatable_cache_;
};

}  // namespace placement
