// The per-candidate lists of the scale-up score records (scheduler-rules.md §6.5), kept typed while
// the chain runs and turned into JSON when the trace is read: at a thousand workers there are
// thousands of rows, and building them as JSON cost more than scoring them.
#pragma once

#include <string>
#include <vector>

#include "scorers/model_file_locality_scorer.h"
#include "scorers/placement_binpack_scorer.h"
#include "scorers/placement_spread_scorer.h"
#include "trace/trace.h"

namespace placement {

// "candidates" of the spread placement record: {candidate, ...SpreadItem}.
class SpreadRows final : public DeferredList {
 public:
  std::vector<SpreadItem> items;
  void write(JsonOut& out) const override;
};

// "candidates" of the binpack placement record: {candidate, ...BinpackRecord}.
class BinpackRows final : public DeferredList {
 public:
  std::vector<BinpackRecord> items;
  void write(JsonOut& out) const override;
};

// "candidates" of the model-file locality record: {candidate, ...LocalityItem}.
class LocalityRows final : public DeferredList {
 public:
  std::vector<LocalityItem> items;
  void write(JsonOut& out) const override;
};

// "counts" of the spread placement record.
class SpreadCountsList final : public DeferredList {
 public:
  explicit SpreadCountsList(std::vector<WorkerSpreadCounts> counts) : counts(std::move(counts)) {}
  std::vector<WorkerSpreadCounts> counts;
  void write(JsonOut& out) const override { write_spread_counts(out, counts); }
};

// "totals" of the scale-up chain record.
struct ScaleUpTotal {
  std::string worker_name;
  double placement = 0, model_file_locality = 0, total = 0;
};

class ScaleUpTotals final : public DeferredList {
 public:
  std::vector<ScaleUpTotal> rows;
  void write(JsonOut& out) const override;
};

}  // namespace placement
