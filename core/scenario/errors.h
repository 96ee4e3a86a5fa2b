// Errors the core raises. Bad input (scheduler-rules.md §7.1) always names the JSON Pointer of the
// offending value; the CLI turns it into exit status 2. Reference errors (§7.2) are not
// exceptions: they are recorded in the trace and the run ends with no candidate.
#pragma once

#include <stdexcept>
#include <string>

namespace placement {

class InputError : public std::runtime_error {
 public:
  InputError(std::string pointer, std::string message)
      : std::runtime_error(message + " (at " + (pointer.empty() ? std::string("/") : pointer) + ")"),
        pointer_(std::move(pointer)),
        message_(std::move(message)) {}
  const std::string& pointer() const { return pointer_; }
  const std::string& message() const { return message_; }

 private:
  std::string pointer_;
  std::string message_;
};

// JSON Pointer escaping of one reference token (RFC 6901).
std::string pointer_token(const std::string& key);

}  // namespace placement

#include "trace/data_fields.h"

namespace placement {

// A GPUStack "reference error" (scheduler-rules.md §7.2): GPUStack would raise here. Selectors throw
// it; the scheduler records {kind: reference_error, stage, reason, values} in the trace and ends
// with no candidate, exit status 0. The values are typed (TraceValues: the stage's DataFields).
class ReferenceError : public std::runtime_error {
 public:
  ReferenceError(std::string stage, std::string reason, TraceValues values = {})
      : std::runtime_error(reason), stage_(std::move(stage)), reason_(std::move(reason)), values_(std::move(values)) {}
  const std::string& stage() const { return stage_; }
  const std::string& reason() const { return reason_; }
  // What the trace's error record holds.
  const TraceValues& trace_values() const { return values_; }
  // The same as a tree (tests, and the backends that read them).
  Json values() const { return values_.to_json(); }

 private:
  std::string stage_;  // selector_init | fit | evaluation | filters | scoring | dispatch
  std::string reason_;
  TraceValues values_;
};

}  // namespace placement
