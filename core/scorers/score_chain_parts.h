// What the scale-up chain (score_chain.cpp, typed records in scale_up_records.h) and the
// scale-down ranking (scale_down_ranking.cpp) share: the strategy's name and the tie groups they
// report (Q9); and the scale-down ranking's scorer record, whose head is still Json.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "scenario/types.h"
#include "trace/listed_members.h"
#include "trace/trace.h"

namespace placement::score_chain {

inline const char* strategy_name(const Model& m) { return m.placement_strategy == PlacementStrategy::binpack ? "binpack" : "spread"; }

// A scorer record (§6.4): its head members, and the bulky lists (score rows, counts) kept typed
// in the slots of their keys.
class ScorerRecord final : public TraceRecord {
 public:
  explicit ScorerRecord(Json head) { head_.json() = std::move(head); }

  Json& head() { return head_.json(); }
  Json& operator[](const char* key) { return head_.json()[key]; }
  // `list` is the value of `key` (already in the head, so the key keeps its place).
  void defer(const char* key, std::shared_ptr<const TraceRecord> list) { head_.list(key, std::move(list)); }

  void write(JsonOut& out) const override {
    out.begin_object();
    head_.write(out);
    out.end_object();
  }

 private:
  ListedMembers head_;
};

// Appends a scorer record and returns it; the caller fills it before the trace is read.
inline ScorerRecord& add_record(Trace& trace, Json head) {
  auto record = std::make_shared<ScorerRecord>(std::move(head));
  trace.add_scoring(record);
  return *record;
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
