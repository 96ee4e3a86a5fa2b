#include "fit/gguf/events.h"

#include <string>

#include "trace/json_out.h"

namespace placement::gguf_fit {

namespace {

// The values as the trace prints them: two events are the same one when they print the same.
std::string printed(const DataFields& values) {
  std::string text;
  JsonTextOut out([&](const char* data, std::size_t size) { text.append(data, size); });
  values.write(out);
  out.flush();
  return text;
}

}  // namespace

const char* level_name(Level level) {
  switch (level) {
    case Level::info: return "info";
    case Level::warning: return "warning";
    case Level::error: return "error";
  }
  return "info";
}

bool EventLog::add(Level level, const std::string& action, const std::string& key, const std::string& reason, DataFields values) {
  const std::string text = printed(values);
  for (const Event& e : events_)
    if (e.level == level && e.action == action && e.key == key && printed(e.values) == text) return false;
  events_.push_back(Event{level, action, key, reason, std::move(values)});
  return true;
}

bool EventLog::has_error() const {
  for (const Event& e : events_)
    if (e.level == Level::error) return true;
  return false;
}

std::vector<const Event*> EventLog::shown(bool have_candidates) const {
  std::vector<const Event*> out;
  for (const Event& e : events_)
    if (e.level == Level::error) out.push_back(&e);
  if (!out.empty()) return out;
  if (!have_candidates) {
    // The order GPUStack reads its per-action slots in; a later info event of an action
    // overwrites an earlier one.
    static const char* const kOrder[] = {kPreCheck, "single_worker_multi_gpu", "single_worker_single_gpu",
                                         "multi_worker_rpc", "partial_offload", "cpu_only"};
    for (const char* action : kOrder) {
      const Event* last = nullptr;
      for (const Event& e : events_)
        if (e.level == Level::info && e.action == action) last = &e;
      if (last) {
        out.push_back(last);
        break;
      }
    }
  }
  for (const Event& e : events_)
    if (e.level == Level::warning) out.push_back(&e);
  return out;
}

void EventLog::emit(SelectorMessages& messages, bool have_candidates) const {
  for (const Event* e : shown(have_candidates)) {
    DataFields values{{"level", level_name(e->level)}, {"reason", e->reason}};
    for (const DataField& field : e->values.fields()) values.set(field);
    messages.add("gguf." + e->action, e->key, std::move(values));
  }
}

}  // namespace placement::gguf_fit
