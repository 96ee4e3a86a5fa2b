// What the What-if views (whatif_*.cpp) share: the state line of a search, and a placement as text.
#pragma once

#include <string>

#include "app/whatif_service.h"
#include "scenario/types.h"

namespace placement::ui {

class App;

// Draws "searching... 1.2 s [Cancel]", "cancelled [Run again]" or the answer's input error.
// Returns true when the answer for the scenario shown is there and usable.
bool draw_search_state(App& app, WhatIfKind kind, const char* what);

// "h100-1 GPUs [0,1] + a100-2": a placement {worker_name, gpu_indexes, subordinate_workers?}.
std::string where_text(const Json& placement);

}  // namespace placement::ui
