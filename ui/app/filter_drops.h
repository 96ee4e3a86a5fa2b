// What the base filters did to each worker, read from the trace's filter records (scheduler-rules.md
// §6.2): the first filter that dropped a worker and why. The canvas labels every dropped worker with
// it and "Why (not) here?" says it for the one selected. Pure: no drawing.
#pragma once

#include <map>
#include <string>

#include "scenario/types.h"

namespace placement::ui {

// A verdict record's reason: "code (data)".
std::string reason_text(const Json& record);
// The first filter that dropped `worker` ("" when it passed every applied filter), with reason.
// `trace` needs only its "filters" section.
std::string filter_drop(const Json& trace, const std::string& worker);
// The same for every worker at once (name → text), for views that show them all.
std::map<std::string, std::string> filter_drops(const Json& trace);

}  // namespace placement::ui
