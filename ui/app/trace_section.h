// One top-level section of a trace as JSON (the value of "filters", "strategies", ...), without
// building the rest: each step panel draws a few sections, while the whole trace of a
// thousand-worker decision (every strategy's rejections, every score row) is a tree of tens of
// milliseconds.
#pragma once

#include <string_view>

#include "trace/trace.h"

namespace placement::ui {

// The section's value, or null when the trace has no such section.
Json trace_section(const Trace& trace, std::string_view name);

}  // namespace placement::ui
