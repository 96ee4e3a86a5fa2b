// Turns a result and its trace into a readable, step-by-step explanation in our own words
// (scheduler-rules.md §6). Pure: returns text, prints nothing.
#pragma once

#include <string>

#include "scheduler.h"

namespace placement {

std::string render_schedule_text(const Scenario& scenario, const ScheduleResult& result);
std::string render_scale_down_text(const Scenario& scenario, const ScaleDownResult& result);
// A filter record's `all_dropped.pass_with` (scheduler-rules.md §2 F5) as one line:
// `"Custom" (why); none (why)` — the explorer shows the same words.
std::string all_dropped_values_text(const Json& all_dropped_note);

}  // namespace placement
