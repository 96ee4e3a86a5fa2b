// GPUStack's GGUF selector explains itself through events (level, action, message) collected
// during the run; identical events are kept once. At the end (§3.2 "Explanation", §6.9):
// error events replace everything; otherwise, without candidates, the last info event of the
// first action in [pre-check, S2, S1, S3, S4, S5] that has one; warnings are always added.
// Here an event's message is a key plus the numbers in it, written as a §6.9 message slot.
#pragma once

#include <string>
#include <vector>

#include "fit/common/data_fields.h"
#include "fit/common/selector_messages.h"

namespace placement::gguf_fit {

enum class Level { info, warning, error };
const char* level_name(Level level);

struct Event {
  Level level = Level::info;
  std::string action;  // pre_check or a strategy id
  std::string key;     // what happened (message identity)
  std::string reason;  // GPUStack's event reason
  DataFields values;  // the message's figures, after level and reason
};

class EventLog {
 public:
  // Returns false when an identical event was already recorded (GPUStack keeps it once).
  bool add(Level level, const std::string& action, const std::string& key, const std::string& reason, DataFields values);
  bool empty() const { return events_.empty(); }
  bool has_error() const;
  const std::vector<Event>& all() const { return events_; }

  // The messages GPUStack would show, as §6.9 slots (source "gguf.<action>").
  std::vector<const Event*> shown(bool have_candidates) const;
  void emit(SelectorMessages& messages, bool have_candidates) const;

 private:
  std::vector<Event> events_;
};

// GPUStack's event reasons.
inline constexpr const char* kInsufficient = "INSUFFICIENT_RESOURCES";
inline constexpr const char* kInsufficientSelected = "INSUFFICIENT_RESOURCES_GPU_SELECTED";
inline constexpr const char* kRpcCapExceeded = "MAX_RPC_COMBINATION_GENERATE_GPU_COUNT_EXCEED";
inline constexpr const char* kSelectedInvalid = "SELECTED_INVALID_GPU";
inline constexpr const char* kInvalidParameter = "INVALID_BACKEND_PARAMETER";

inline constexpr const char* kPreCheck = "pre_check";

}  // namespace placement::gguf_fit
