// Status scorer (scheduler-rules.md §4.5, max 100): healthy instances on ready workers are kept longest.
#pragma once

#include <optional>
#include <string>

#include "scorers/scorer_inputs.h"
#include "trace/json_out.h"

namespace placement {

// The rule that decided an instance's status score.
namespace status_rule {
inline constexpr const char* kNoWorker = "no_worker";
inline constexpr const char* kUnknownWorker = "unknown_worker";
inline constexpr const char* kWorkerNotReady = "worker_not_ready";
inline constexpr const char* kInstanceError = "instance_error";
inline constexpr const char* kReadyAndRunning = "ready_and_running";
inline constexpr const char* kOther = "other";
}  // namespace status_rule

// An instance's status row: {instance_state, worker_state (null: no or unknown worker), rule, score}.
struct StatusItem {
  std::string instance_state;
  std::optional<std::string> worker_state;
  const char* rule = status_rule::kOther;
  double score = 0;

  void write(JsonOut& out) const;  // members of the open row
};

// No or unknown worker → 0; worker not_ready → 0; instance error → 0; worker ready and instance
// running → max; anything else → max × 0.5. `item` receives the inputs, the rule and the score.
double status_score(const ModelInstance& instance, const WorkerLookup& workers, double max_score, StatusItem& item);

}  // namespace placement
