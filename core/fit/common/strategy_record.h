// The §6.3 strategy record, typed, the one way every selector writes one: a head (selector,
// strategy, status, skip) every backend writes the same way, then the body the strategy fills in
// the order it writes it: the common fields (typed: counts, rejections, caps, quirks) and the
// strategy's own extras (typed values, or typed lists as DeferredList, each in its slot). The
// record is appended to the trace when the strategy ends (commit_strategy) and writes itself when
// the trace is read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fit/common/commit_after.h"
#include "fit/common/data_fields.h"
#include "trace/listed_members.h"
#include "trace/trace.h"

namespace placement {

struct StrategySkip {
  std::string code;
  DataFields fields;  // `data` ({} when empty)
};

// §6.3 examined: what the strategy looked at, in units (workers, GPUs, GPU combinations,
// estimate queries).
struct StrategyExamined {
  std::uint64_t workers = 0, gpus = 0, combinations = 0, queries = 0;
};

// A §7 quirk the strategy relied on: the Q-id alone (Custom), or with where and/or effect.
struct StrategyQuirk {
  std::string id;
  std::optional<std::string> where, effect;
};

// The common §6.3 fields, typed; each is written in the place it was first set (so every backend
// keeps its own member order), or not at all when never set.
enum class StrategyField { candidates_found, examined, rejections, not_examined, caps, quirks };
inline constexpr std::size_t kStrategyFields = 6;

struct StrategyCommon {
  std::uint64_t candidates_found = 0;
  StrategyExamined examined;
  std::shared_ptr<const DeferredList> rejection_list;     // each backend's typed list; null: []
  std::shared_ptr<const DeferredList> not_examined_list;  // vLLM's; null: []
  std::vector<Trace::Cap> caps;  // §6.5 caps the strategy hit, written as trace.caps writes them
  std::vector<StrategyQuirk> quirks;
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
  void skip(std::string code, DataFields data = {});
  const std::optional<StrategySkip>& skip() const { return skip_; }

  // The common §6.3 body fields. Each setter or adder places its member (after what is already
  // there, or in the slot an extra of the same name holds) the first time it is called.
  void set_candidates_found(std::uint64_t n);
  void set_examined(const StrategyExamined& examined);
  void set_rejections(std::shared_ptr<const DeferredList> list);
  void set_not_examined(std::shared_ptr<const DeferredList> list);
  void add_cap(Trace::Cap cap);
  void set_caps(std::vector<Trace::Cap> caps);
  void add_quirk(StrategyQuirk quirk);
  void set_quirks(std::vector<StrategyQuirk> quirks);
  // Places the member with what it holds so far (empty lists, zero counts).
  void place(StrategyField field);
  const StrategyCommon& common() const { return *common_; }

  // The strategy's own members, after the head in writing order beside the common ones:
  // a typed list written as extra member `key` (keeps the member's place when it is already there).
  void list(const std::string& key, std::shared_ptr<const DeferredList> list);
  // A typed value written as extra member `key` (the same, for a figure or a small object).
  void extra(const std::string& key, DataValue value);

  void write(JsonOut& out) const override;

 private:
  std::string selector_, strategy_, status_;
  SkipField skip_field_;
  std::optional<StrategySkip> skip_;
  ListedMembers body_;
  std::shared_ptr<StrategyCommon> common_ = std::make_shared<StrategyCommon>();
  bool placed_[kStrategyFields] = {};
};

// A record whose body starts with the §6.3 fields a reader can count on whatever the strategy
// does: candidates_found, examined {workers, gpus, combinations, queries}, rejections,
// not_examined, caps, quirks (zero and empty until the strategy fills them).
StrategyRecord begin_strategy_record(const std::string& selector, const std::string& strategy, const std::string& status);
// The same, for a strategy that did not run: status "skipped" with skip = {code, data}.
StrategyRecord skip_strategy_record(const std::string& selector, const std::string& strategy, const std::string& code,
                                    DataFields data = {});

// Appends the record to trace.strategies (it is written when the trace is read).
void commit_strategy(Trace& trace, StrategyRecord record);

// Runs `fill(record)` and commits the record after it, also when it throws: the record of
// a strategy that failed stays in the trace with what it had found.
template <class Fill>
auto record_strategy(Trace& trace, StrategyRecord record, Fill&& fill) {
  return run_then_commit([&] { return std::forward<Fill>(fill)(record); },
                         [&] { commit_strategy(trace, std::move(record)); });
}

}  // namespace placement
