// The trace: every step the scheduler took, as data (scheduler-rules.md §6). Stages append records;
// the CLI and UI render them (explain/). Keys are created in the order of §6.1 so the JSON is
// byte-identical run to run.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scenario/types.h"
#include "trace/json_out.h"

namespace placement {

// A bulky list of the trace (a verdict per worker, a rejection per GPU, a score row per
// candidate) kept as typed data while the scheduler decides. Building those lists as JSON took
// most of a decision at a thousand workers; they become JSON only when the trace is read, and the
// CLI prints them without ever building them as JSON (Trace::write).
class DeferredList {
 public:
  virtual ~DeferredList() = default;
  // The list's JSON, event by event: the one place its layout is written down.
  virtual void write(JsonOut& out) const = 0;
  // The same as a tree.
  Json to_json() const;
};

class Trace {
 public:
  Trace();

  // The whole trace as JSON: deferred lists are turned into JSON here, once.
  Json& root() {
    materialize();
    return root_;
  }
  const Json& root() const {
    materialize();
    return root_;
  }
  // The trace's JSON, moved out (materialized first); the trace is empty afterwards.
  Json take_root() {
    materialize();
    return std::move(root_);
  }

  // The trace's JSON with null where deferred lists belong: for readers that need none of them
  // (the result's state message), so reading does not turn the lists into JSON.
  const Json& skeleton() const { return root_; }
  // The whole trace, each deferred list written in its slot, without materializing anything.
  void write(JsonOut& out) const;

  // Registers `list` as the value of the slot at `pointer` (created, with null, by the caller
  // where the list belongs, so the key keeps its canonical position).
  void defer(const std::string& pointer, std::shared_ptr<const DeferredList> list);
  // The same for `key` of the newest record of the array section `section` ("filters",
  // "scoring"); the slot must already be there (set to null where it belongs).
  void defer_in_newest(const char* section, const char* key, std::shared_ptr<const DeferredList> list);

  // Sections (created empty in canonical order by the constructor).
  Json& evaluation() { return root_["evaluation"]; }
  Json& filters() { return root_["filters"]; }
  Json& dispatch() { return root_["dispatch"]; }
  Json& requirement() { return root_["requirement"]; }
  Json& scoring() { return root_["scoring"]; }
  Json& pick() { return root_["pick"]; }

  // Appends a §6.3 strategy record that writes itself whole (fit/common/strategy_record.h): the
  // trace holds it typed until it is read.
  void add_strategy(std::shared_ptr<const DeferredList> record);

  // A GPUStack quirk that decided something (§6.8).
  // Views: scorers report a quirk per candidate, and a repeat must cost no string.
  void quirk(std::string_view id, std::string_view where, std::string_view effect);
  // A bound that changed the search (§6.7).
  void cap(const std::string& id, long long limit, long long actual, const std::string& effect);
  // GPUStack-equivalent explanation slot (§6.9): {source, key, values}. Write-only: a selector
  // keeps its own messages (fit/common/selector_messages.h) and writes the survivors once.
  void message(const std::string& source, const std::string& key, Json values = Json::object());
  // Nomad-style aggregate line (§6.6); identical (key, params) lines are merged by adding counts.
  void summary(const std::string& key, long long count, long long of, const std::string& unit, Json params = Json::object());
  void warning(const std::string& text);
  void error(const std::string& kind, const std::string& stage, const std::string& reason, Json values = Json::object());
  bool has_error() const { return !root_["error"].is_null(); }

  // Sort summary lines (count desc, key, params) — call once at the end.
  void finish();

 private:
  void materialize() const;

  mutable Json root_;
  mutable std::vector<std::pair<std::string, std::shared_ptr<const DeferredList>>> deferred_;
};

}  // namespace placement
