// What the scale-up chain (score_chain.cpp) and the scale-down ranking (scale_down_ranking.cpp)
// share: the scorer record they append to the trace and the tie groups they report (Q9).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "scenario/types.h"
#include "trace/trace.h"

namespace placement::score_chain {

inline const char* strategy_name(const Model& m) { return m.placement_strategy == PlacementStrategy::binpack ? "binpack" : "spread"; }

// Appends a scorer record and returns it; the caller fills it before the next append.
inline Json& add_record(Trace& trace, Json record) {
  trace.scoring().push_back(std::move(record));
  return trace.scoring().back();
}

// Groups of equal totals (positions ascending), ordered by their first position: ties are
// decided by that order (Q9). Sorting positions by value keeps this O(n log n) for thousands of
// candidates; values compare with == semantics (0.0 and -0.0 tie, NaN ties with nothing).
template <class Totals>
std::vector<std::vector<std::size_t>> tie_groups(const Totals& totals) {
  std::vector<std::size_t> order;
  order.reserve(totals.size());
  for (std::size_t i = 0; i < totals.size(); ++i)
    if (totals[i] == totals[i]) order.push_back(i);  // NaN equals nothing
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return totals[a] < totals[b]; });
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i + 1;
    while (j < order.size() && totals[order[j]] == totals[order[i]]) ++j;
    if (j - i > 1) groups.emplace_back(order.begin() + static_cast<std::ptrdiff_t>(i), order.begin() + static_cast<std::ptrdiff_t>(j));
    i = j;
  }
  std::sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.front() < b.front(); });
  return groups;
}

}  // namespace placement::score_chain
