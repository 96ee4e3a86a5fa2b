// The loader's one scenario-level warning: a worker whose state GPUStack does not know. Shared by
// the loader and by the what-if search, which patches typed scenarios without re-loading them.
#pragma once

#include <optional>
#include <string>

#include "scenario/types.h"

namespace placement {

// The warning text when `worker.state` is not a known GPUStack worker state.
std::optional<std::string> unknown_worker_state_warning(const Worker& worker);

}  // namespace placement
