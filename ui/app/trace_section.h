// One top-level section of a trace as JSON ({"filters": [...]}), without building the rest: the
// canvas labels dropped workers from the filter records on every result, while the whole trace
// of a thousand-worker decision (every strategy's rejections, every score row) is a tree of tens of
// milliseconds that only the stepper's panels need.
#pragma once

#include <string_view>

#include "trace/trace.h"

namespace placement::ui {

// {name: the section's value}, or {} when the trace has no such section.
Json trace_section(const Trace& trace, std::string_view name);

}  // namespace placement::ui
