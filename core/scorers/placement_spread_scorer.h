// Placement, spread (scheduler-rules.md §4.3): the fewer instances a worker (and the chosen GPUs)
// already runs, the higher the score; this model's instances weigh more than other models'.
// Scale-up compares against the candidates' main workers, scale-down against all workers.
#pragma once

#include <unordered_map>

#include "scorers/scorer_inputs.h"
#include "trace/small_list.h"
#include "trace/trace.h"

namespace placement {

struct SpreadCount {
  long long current = 0;
  long long others = 0;
};

struct WorkerSpreadCounts {
  std::int64_t worker_id = 0;
  SpreadCount total;
  std::vector<std::pair<int, SpreadCount>> gpus;  // first-seen order
  const SpreadCount* gpu(int index) const;
};

struct SpreadStats {
  std::size_t workers = 0;
  bool any_zero_current = true;  // GPUStack's answer when no worker is considered
  long long min_current = 0, max_current = 0, min_others = 0, max_others = 0;
};

// GPUStack's inverse_norm: 1 for the smallest value of the range, 0 for the largest.
double inverse_norm(long long value, long long min_value, long long max_value);

// How one item (candidate or instance) was scored, typed; write() writes its §6.5 fields as
// members of the open record.
struct SpreadGpuTerm {
  int index = 0;
  long long current = 0, others = 0;
  double score = 0;
};

struct SpreadItem {
  bool known_worker = false;  // false: the item's worker is unknown and it scores 0
  std::int64_t worker_id = 0;
  std::string worker_name;
  SpreadCount counts;
  const char* branch = "";
  bool has_inv_current = false;
  double inv_current = 0, inv_others = 0, worker_score = 0;
  bool gpu = false;  // kind "gpu" (else "cpu")
  SmallList<SpreadGpuTerm, 1> gpus;  // most candidates hold one GPU
  double gpu_score = 0, score = 0;

  void write(JsonOut& out) const;
};

// The counts of a spread placement record, per worker in first-seen order.
void write_spread_counts(JsonOut& out, const std::vector<WorkerSpreadCounts>& counts);
// The statistics of a spread placement record.
void write_spread_stats(JsonOut& out, const SpreadStats& stats);

class PlacementSpreadScorer {
 public:
  // `instances` are the scorer's instances (all for scale-up, this model's for scale-down, Q6).
  // Counts come only from instances with a worker, and only when the model has an id. `trace`
  // (optional) receives the Q4 marker.
  PlacementSpreadScorer(const Model& model, const std::vector<const ModelInstance*>& instances, double max_score,
                        Trace* trace = nullptr);

  // Statistics over the workers a score is relative to (null entries are skipped).
  void build_stats(const std::vector<const Worker*>& workers);
  const SpreadStats& stats() const { return stats_; }

  // `worker` null (unknown) → 0. Subordinates are ignored.
  double score_item(const Worker* worker, const std::optional<std::vector<int>>& gpu_indexes, SpreadItem& item) const;

  // The counts, moved out for a deferred trace list; the scorer cannot score afterwards.
  std::vector<WorkerSpreadCounts> release_counts();

 private:
  const WorkerSpreadCounts* counts_of(std::int64_t worker_id) const;
  WorkerSpreadCounts& counts_for(std::int64_t worker_id);
  void add(std::int64_t worker_id, std::optional<int> gpu_index, bool current);
  double worker_score(const SpreadCount& total, SpreadItem& item) const;

  double max_score_;
  std::vector<WorkerSpreadCounts> counts_;         // first-seen order, like GPUStack's dict
  std::unordered_map<std::int64_t, std::size_t> position_;  // lookup only, never iterated
  SpreadStats stats_;
};

}  // namespace placement
