// The scale-down ranking's records (scheduler-rules.md §4.1, §4.5, §6.4), typed while it runs:
// one per scorer (status, offload layer, placement binpack or spread) with a row per instance,
// and the chain record: nothing to rank (and why), a ranking that failed (§4.5), or the rescaled
// totals, the ranking and its tie groups (Q9).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scorers/offload_layer_scorer.h"
#include "scorers/placement_binpack_scorer.h"
#include "scorers/placement_spread_scorer.h"
#include "scorers/scale_down_row.h"
#include "scorers/status_scorer.h"
#include "trace/trace.h"

namespace placement {

// {scorer: status, max, instances}.
class StatusDownRecord final : public TraceRecord {
 public:
  std::vector<ScaleDownRow<StatusItem>> instances;
  void write(JsonOut& out) const override;
};

// {scorer: offload_layer, max, instances}.
class OffloadDownRecord final : public TraceRecord {
 public:
  std::vector<ScaleDownRow<OffloadItem>> instances;
  void write(JsonOut& out) const override;
};

// {scorer: placement, strategy, scale: scale_down, max}, then, when this model's workers also run
// other models' instances, {other_models_ignored_on: worker ids, quirks: [Q6]}.
struct ScaleDownPlacementHead {
  const char* strategy = "binpack";
  std::vector<std::int64_t> other_models_ignored_on;
  void write(JsonOut& out) const;  // members of the open record
};

// {...head, instances}; a row that raised is the last one, with what it had reached.
class BinpackDownRecord final : public TraceRecord {
 public:
  ScaleDownPlacementHead head{"binpack", {}};
  std::vector<ScaleDownRow<BinpackRecord>> instances;
  void write(JsonOut& out) const override;
};

// {...head, instances, counts, stats}: counts and statistics over all workers.
class SpreadDownRecord final : public TraceRecord {
 public:
  ScaleDownPlacementHead head{"spread", {}};
  std::vector<ScaleDownRow<SpreadItem>> instances;
  std::vector<WorkerSpreadCounts> counts;
  SpreadStats stats;
  void write(JsonOut& out) const override;
};

struct ScaleDownTotal {
  std::int64_t instance_id = 0;
  std::string name;
  double status = 0, offload_layer = 0, placement = 0, sum = 0, score = 0;
};

class ScaleDownChainRecord final : public TraceRecord {
 public:
  // {instances: 0, why, ranking: []}: the model has no id, or no instances.
  static ScaleDownChainRecord nothing_to_rank(const char* why);
  // {failed: true, ranking: []}: a scorer failed and GPUStack ranks nothing (§4.5).
  static ScaleDownChainRecord failed();

  // A ranking: {sum_max, total_max_score, factor, totals, ranking, ties}.
  double sum_max = 0;
  std::optional<double> total_max_score;
  double factor = 1;
  std::vector<ScaleDownTotal> totals;
  std::vector<std::int64_t> ranking;                 // instance ids, first to delete first
  std::vector<std::vector<std::int64_t>> ties;       // instance ids with equal scores

  void write(JsonOut& out) const override;

 private:
  enum class Shape { ranked, nothing, failed };
  Shape shape_ = Shape::ranked;
  const char* why_ = "";
};

}  // namespace placement
