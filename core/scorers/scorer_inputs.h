// What every scorer shares: the scale direction and a worker lookup by id (scheduler-rules.md §4).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "scenario/types.h"

namespace placement {

// GPUStack's ScaleTypeEnum: scale-up scores new candidates, scale-down scores running instances.
enum class ScaleType { up, down };

inline const char* scale_type_name(ScaleType s) { return s == ScaleType::up ? "scale_up" : "scale_down"; }

// Maximum scores of the chains (GPUStack's SCHEDULER_* defaults, §4.1).
constexpr double kScaleUpPlacementMax = 100.0;
constexpr double kLocalityMax = 5.0;
constexpr double kScaleDownStatusMax = 100.0;
constexpr double kScaleDownOffloadMax = 10.0;
constexpr double kScaleDownPlacementMax = 1.0;

// Workers by id. GPUStack builds `{worker.id: worker}` from the database; an id that is not
// there is an "unknown worker" (§7.4). A sorted vector: lookups only, never iterated for output,
// and no allocation per worker (the loader guarantees unique ids).
class WorkerLookup {
 public:
  explicit WorkerLookup(const std::vector<Worker>& workers) : all_(workers) {
    by_id_.reserve(workers.size());
    for (const Worker& w : workers) by_id_.emplace_back(w.id, &w);
    std::stable_sort(by_id_.begin(), by_id_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  const Worker* find(std::int64_t id) const {
    auto it = std::lower_bound(by_id_.begin(), by_id_.end(), id, [](const auto& e, std::int64_t v) { return e.first < v; });
    return it == by_id_.end() || it->first != id ? nullptr : it->second;
  }
  const Worker* find(const std::optional<std::int64_t>& id) const { return id ? find(*id) : nullptr; }
  const std::vector<Worker>& all() const { return all_; }

 private:
  const std::vector<Worker>& all_;
  std::vector<std::pair<std::int64_t, const Worker*>> by_id_;  // ascending id
};

}  // namespace placement
