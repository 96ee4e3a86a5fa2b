// The built-in estimator's answers of one decision, by query key (gguf_query_key), so a second
// decision of the same scenario can skip the estimator: the page's Web Worker decides a large
// GGUF scenario with an empty memo, which the fit fills, and sends the memo's bytes to the main
// thread; the main thread decides again with it and gets the typed result without running the
// estimator (at 1,024 workers × 8 GPUs ~900 estimator runs are nine tenths of the decision).
//
// A memo changes nothing in the result: the estimate provider (estimate_provider.h) caches,
// evicts and counts estimator runs exactly as without one and only takes an answer from the memo
// where it would have computed it; an answer the memo lacks is computed (and recorded). The
// memo belongs to one scenario: answers of another scenario's profile would be wrong answers.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "gguf/estimate_items.h"

namespace placement {

class GgufEstimateMemo {
 public:
  // What a memo may hold (the estimates' size in memory, as the provider counts it); answers
  // past it are not recorded and the memo is then incomplete. An RPC search over tens of
  // thousands of distinct queries would need gigabytes; such a decision is sent as its result.
  static constexpr std::size_t kDefaultBudgetBytes = std::size_t{96} << 20;

  explicit GgufEstimateMemo(std::size_t budget_bytes = kDefaultBudgetBytes) : budget_bytes_(budget_bytes) {}

  // The answer recorded for `key` (nullopt inside: the estimator could not answer), or null.
  const std::optional<gguf::Estimate>* find(const std::string& key) const;
  // Records the estimator's answer for `key` (the first one: a query asked again is answered the
  // same); true when it is recorded now (`answer` is moved in; find() then gives it, at an
  // address that stays). Past the budget nothing is recorded (`answer` is left as it is) and
  // complete() turns false.
  bool record(const std::string& key, std::optional<gguf::Estimate>&& answer);

  std::size_t size() const { return entries_.size(); }
  // (key, answer) in recording order.
  const std::deque<std::pair<std::string, std::optional<gguf::Estimate>>>& entries() const { return entries_; }
  // Every answer computed while recording is here.
  bool complete() const { return complete_; }
  std::size_t bytes() const { return bytes_; }

  // A compact binary form (variable-length integers; see estimate_memo.cpp) for sending to
  // another instance of the core, and back. decode() throws std::invalid_argument naming the
  // byte offset of anything it cannot read.
  std::string encode() const;
  static GgufEstimateMemo decode(std::string_view bytes);

 private:
  std::size_t budget_bytes_;
  std::size_t bytes_ = 0;
  bool complete_ = true;
  // In recording order; a deque, so an answer keeps its address while more are recorded.
  std::deque<std::pair<std::string, std::optional<gguf::Estimate>>> entries_;
  std::unordered_map<std::string, std::size_t> index_;  // only looked up, never iterated
};

// The size an estimate takes in memory, as the provider's cache budget counts it.
std::size_t estimate_bytes(const gguf::Estimate& e);

}  // namespace placement
