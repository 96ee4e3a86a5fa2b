#include "scenario/worker_state.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace placement {

namespace {
constexpr std::array<std::string_view, 9> kKnownWorkerStates = {
    "ready", "not_ready", "unreachable", "maintenance", "provisioning", "initializing", "deleting", "error", "pending"};
}

std::optional<std::string> unknown_worker_state_warning(const Worker& worker) {
  if (std::find(kKnownWorkerStates.begin(), kKnownWorkerStates.end(), worker.state) != kKnownWorkerStates.end()) return std::nullopt;
  return "worker '" + worker.name + "' has state '" + worker.state + "', which is not a known GPUStack state; it counts as not ready";
}

}  // namespace placement
