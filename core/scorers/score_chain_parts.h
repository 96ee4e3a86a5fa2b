// What the scale-up chain (score_chain.cpp, typed records in scale_up_records.h) and the
// scale-down ranking (scale_down_ranking.cpp) share: the tie groups they report (Q9).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace placement::score_chain {

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
