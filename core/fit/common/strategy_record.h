// The §6.3 strategy record, typed, the one way every selector writes one: a head (selector,
// strategy, status, skip) every backend writes the same way, then the body the strategy fills
// (counters, rejections, its own extras) in the order it writes them. Bulky lists stay typed
// (DeferredList) in their body slot. The record is appended to the trace when the strategy ends
// (commit_strategy) and writes itself when the trace is read.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fit/common/commit_after.h"
#include "trace/listed_members.h"
#include "trace/trace.h"

namespace placement {

struct StrategySkip {
  std::string code;
  Json data = Json::object();
};

class StrategyRecord final : public DeferredList {
 public:
  // Whether `skip` is written as null while the strategy is not skipped (vLLM, MindIE, Custom,
  // manual selection) or only when it is (GGUF, SGLang).
  enum class SkipField { null_when_none, only_when_skipped };

  StrategyRecord(std::string selector, std::string strategy, std::string status = "tried",
                 SkipField skip_field = SkipField::null_when_none);

  const std::string& selector() const { return selector_; }
  const std::string& strategy() const { return strategy_; }
  const std::string& status() const { return status_; }
  void set_status(std::string status) { status_ = std::move(status); }
  // status "skipped", with skip = {code, data}.
  void skip(std::string code, Json data = Json::object());
  const std::optional<StrategySkip>& skip() const { return skip_; }

  // The members after the head, in writing order.
  Json& body() { return body_.json(); }
  const Json& body() const { return body_.json(); }
  // A typed list written as body member `key` (keeps the member's place when it is already there).
  void list(const std::string& key, std::shared_ptr<const DeferredList> list);

  void write(JsonOut& out) const override;

 private:
  std::string selector_, strategy_, status_;
  SkipField skip_field_;
  std::optional<StrategySkip> skip_;
  ListedMembers body_;
};

// A record whose body starts with the §6.3 fields a reader can count on whatever the strategy
// does: candidates_found, examined {workers, gpus, combinations, queries}, rejections,
// not_examined, caps, quirks (zero and empty until the strategy fills them).
StrategyRecord begin_strategy_record(const std::string& selector, const std::string& strategy, const std::string& status);
// The same, for a strategy that did not run: status "skipped" with skip = {code, data}.
StrategyRecord skip_strategy_record(const std::string& selector, const std::string& strategy, const std::string& code,
                                    Json data);

// Appends the record to trace.strategies (it is written when the trace is read).
void commit_strategy(Trace& trace, StrategyRecord record);

// Runs `fill(record.body())` and commits the record after it, also when it throws: the record of
// a strategy that failed stays in the trace with what it had found.
template <class Fill>
auto record_strategy(Trace& trace, StrategyRecord record, Fill&& fill) {
  return run_then_commit([&] { return std::forward<Fill>(fill)(record.body()); },
                         [&] { commit_strategy(trace, std::move(record)); });
}

}  // namespace placement
