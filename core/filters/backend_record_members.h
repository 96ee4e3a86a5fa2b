// The backend framework filter's own members of its record (scheduler-rules.md §2 F5, §6.2),
// typed: which backend and rows it read, and, when one field of the model drops every worker,
// why and which values would keep some.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "filters/backend_support.h"
#include "trace/trace.h"

namespace placement::filters {

// {cause, field, value (the model's, null when absent), backend, why, pass_with: [{value, why}]}.
struct AllDroppedNote {
  const char* cause = "";
  const char* field = "";
  std::optional<std::string> value;
  std::string backend;
  std::string why;
  std::vector<PassingValue> pass_with;
  void write(JsonOut& out) const;
};

// Members of the open record, between `kept` and `summary`: {backend, rows: null} when the filter
// does not apply (backend Custom); else {backend, rows, backend_version, runner_release,
// all_dropped (only when a note holds)}.
class BackendRecordMembers final : public TraceRecord {
 public:
  std::string backend;
  const char* rows = nullptr;  // null: not applied
  std::optional<std::string> backend_version;
  const char* runner_release = "";
  std::optional<AllDroppedNote> all_dropped;
  void write(JsonOut& out) const override;
};

}  // namespace placement::filters
