// The scale-down ranking's chain record (scheduler-rules.md §4.1, §4.5, §6.4), typed: nothing to
// rank (and why), a ranking that failed (§4.5), or the rescaled totals, the ranking and its tie
// groups (Q9).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace placement {

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
