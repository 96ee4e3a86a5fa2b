// The scale-up chain's scorer records (scheduler-rules.md §6.4), typed while the chain runs: the
// placement record (binpack or spread), the model-file locality record, and the chain's totals
// with their tie groups (Q9). Each writes itself when the trace is read.
#pragma once

#include <cstddef>
#include <vector>

#include "scorers/score_rows.h"

namespace placement {

// {scorer: placement, strategy: binpack, scale: scale_up, max, candidates}; a candidate that
// failed to score is the last row, with what it had reached.
class BinpackUpRecord final : public TraceRecord {
 public:
  BinpackRows candidates;
  void write(JsonOut& out) const override;
};

// {scorer: placement, strategy: spread, scale: scale_up, max, model_id_set, counts, stats, candidates}.
class SpreadUpRecord final : public TraceRecord {
 public:
  bool model_id_set = false;
  std::vector<WorkerSpreadCounts> counts;
  SpreadStats stats;
  SpreadRows candidates;
  void write(JsonOut& out) const override;
};

// {scorer: model_file_locality, max, ...the scorer's facts, candidates}.
class LocalityRecord final : public TraceRecord {
 public:
  explicit LocalityRecord(ModelFileLocalityScorer scorer) : scorer(std::move(scorer)) {}
  ModelFileLocalityScorer scorer;
  LocalityRows candidates;
  void write(JsonOut& out) const override;
};

// {scorer: chain, chain: scale_up, totals, ties}: ties are groups of candidate positions with
// equal totals, ordered by their first position.
class ScaleUpChainRecord final : public TraceRecord {
 public:
  ScaleUpTotals totals;
  std::vector<std::vector<std::size_t>> ties;
  void write(JsonOut& out) const override;
};

}  // namespace placement
