// The pick record of the trace (scheduler-rules.md §6.5): which candidate a scale-up decision
// took, or which instances a scale-down deletes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace placement {

// Scale-up: {} before the pick ran (an evaluation error), {"selected": null} when nothing was
// picked, else the picked candidate and the candidates tied with it (Q9).
class ScaleUpPick final : public TraceRecord {
 public:
  // Nothing to pick from.
  void none() { ran_ = true; }
  void picked(std::size_t index, double score, std::string worker_name, std::vector<std::size_t> tied_with);

  void write(JsonOut& out) const override;

 private:
  bool ran_ = false;
  std::optional<std::size_t> selected_;
  double score_ = 0;
  std::string worker_name_;
  std::vector<std::size_t> tied_with_;
};

// Scale-down: how many instances stay, how many there are, which are deleted.
struct ScaleDownPick final : public TraceRecord {
  long long keep = 0;
  long long instances = 0;
  std::vector<std::int64_t> deleted;  // instance ids, first to go first

  ScaleDownPick(long long keep_count, long long instance_count, std::vector<std::int64_t> ids)
      : keep(keep_count), instances(instance_count), deleted(std::move(ids)) {}
  void write(JsonOut& out) const override;
};

}  // namespace placement
