// The trace: every step the scheduler took, as data (scheduler-rules.md §6). Stages hand the trace
// typed records; it keeps them typed and writes them, section by section in the order of §6.1,
// only when the trace is read, so the JSON is byte-identical run to run and a decision builds no
// JSON tree.
#pragma once

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scenario/types.h"
#include "trace/data_fields.h"
#include "trace/json_out.h"

namespace placement {

// A record of the trace that writes itself (a filter record, a strategy record, a scorer record)
// or a bulky list inside one (a verdict per worker, a rejection per GPU, a score row per
// candidate). Kept typed while the scheduler decides; JSON only when the trace is read.
class DeferredList {
 public:
  virtual ~DeferredList() = default;
  // The record's JSON, event by event: the one place its layout is written down.
  virtual void write(JsonOut& out) const = 0;
  // The same as a tree.
  Json to_json() const;
};
using TraceRecord = DeferredList;

class Trace {
 public:
  // The top-level sections, in the order the trace writes them (§6.1).
  static constexpr std::string_view kSections[] = {"warnings", "evaluation", "filters",  "dispatch", "requirement",
                                                   "strategies", "scoring",  "pick",     "summary",  "caps",
                                                   "quirks",   "messages",   "error"};

  // The whole trace as JSON, built when first read after a change.
  const Json& root() const;
  // The trace's JSON, moved out; the trace is unchanged.
  Json take_root() const;
  // The whole trace, written record by record.
  void write(JsonOut& out) const;
  // One top-level section's value (§6.1 name); false, writing nothing, for a name that is none.
  bool write_section(std::string_view name, JsonOut& out) const;
  // {name: value} for each of `names` that is a section, built from the typed records.
  Json sections(std::initializer_list<std::string_view> names) const;
  // The selector dispatch chose ("" before dispatch).
  const std::string& dispatch_selector() const { return dispatch_.selector; }

  // Records, each the whole of its section or one element of it. A stage may keep filling a
  // record it handed over until the trace is read (what a failing stage had reached stays).
  void set_evaluation(std::shared_ptr<const TraceRecord> record);
  void add_filter(std::shared_ptr<const TraceRecord> record);
  void set_dispatch(std::string selector, std::string reason);
  // §6.3 strategy record (fit/common/strategy_record.h).
  void add_strategy(std::shared_ptr<const TraceRecord> record);
  void add_scoring(std::shared_ptr<const TraceRecord> record);
  void set_pick(std::shared_ptr<const TraceRecord> record);

  // The requirement record (§6.1 requirement, one shape per backend). Its write() writes the
  // record's members only: the trace opens the object and adds the model facts last.
  void set_requirement(std::shared_ptr<const TraceRecord> members);
  // The model facts the decision used (requirement.model_facts, after the selector's members).
  void set_model_facts(Json facts);

  // A GPUStack quirk that decided something (§6.8); one per (id, where).
  // Views: scorers report a quirk per candidate, and a repeat must cost no string.
  void quirk(std::string_view id, std::string_view where, std::string_view effect);
  // A bound that changed the search (§6.7).
  void cap(const std::string& id, long long limit, long long actual, const std::string& effect);
  // GPUStack-equivalent explanation slot (§6.9): {source, key, values}. Write-only: a selector
  // keeps its own messages (fit/common/selector_messages.h) and writes the survivors once.
  void message(const std::string& source, const std::string& key, DataFields values = {});
  // A typed record shared with the stage that keeps it (a filter's summary), written when read.
  void message(const std::string& source, const std::string& key, std::shared_ptr<const DeferredList> values);
  // Nomad-style aggregate line (§6.6); identical (key, params, unit) lines are merged by adding counts.
  void summary(const std::string& key, long long count, long long of, const std::string& unit, DataFields params = {});
  void warning(const std::string& text);
  void error(const std::string& kind, const std::string& stage, const std::string& reason, TraceValues values = {});
  // Json values (a shared record with a member added, SelectorMessages::commit; tests): the same
  // bytes as typed ones. No stage builds its values as Json.
  void message(const std::string& source, const std::string& key, Json values);
  void summary(const std::string& key, long long count, long long of, const std::string& unit, Json params);

  // Sort summary lines (count desc, key, params) — call once at the end.
  void finish();

  struct SummaryLine {
    long long count = 0;
    long long of = 0;
    std::string key;
    std::string unit;
    TraceValues params;
    std::string params_text;  // params as Json::dump() prints them: what merging and sorting compare
  };
  // §6.7 cap, in trace.caps and in a strategy record's caps (§6.3): its id, the limit and the
  // figure that met it (same unit), and what the cap did.
  struct Cap {
    std::string id;
    long long limit = 0;
    long long actual = 0;
    std::string effect;
    void write(JsonOut& out) const;
  };
  struct Quirk {
    std::string id, where, effect;
  };
  struct Message {
    std::string source, key;
    TraceValues values;
  };
  struct Error {
    std::string kind, stage, reason;
    TraceValues values;
  };
  struct Dispatch {
    std::string selector, reason;
    bool set = false;
  };

 private:
  using Records = std::vector<std::shared_ptr<const TraceRecord>>;
  void write_requirement(JsonOut& out) const;
  void add_message(const std::string& source, const std::string& key, TraceValues values);
  void add_summary(const std::string& key, long long count, long long of, const std::string& unit, TraceValues params);
  void changed() { cache_.reset(); }

  std::vector<std::string> warnings_;
  std::shared_ptr<const TraceRecord> evaluation_;
  Records filters_;
  Dispatch dispatch_;
  std::shared_ptr<const TraceRecord> requirement_members_;
  std::optional<Json> model_facts_;
  Records strategies_;
  Records scoring_;
  std::shared_ptr<const TraceRecord> pick_;
  std::vector<SummaryLine> summary_;
  std::vector<Cap> caps_;
  std::vector<Quirk> quirks_;
  std::vector<Message> messages_;
  std::optional<Error> error_;
  mutable std::shared_ptr<const Json> cache_;  // root(), until the next change
};

}  // namespace placement
