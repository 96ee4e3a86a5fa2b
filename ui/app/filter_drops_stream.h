// filter_drops() of a typed result's trace, read from the trace's event stream (Trace::write)
// without building the filters section as a tree: every filter records every worker, so at a
// thousand workers that tree is thousands of objects, built on every result only to find the few
// workers that were dropped. Stops at the end of the filters section. (A "write one section" in
// core/trace would let this and trace_section stop without an exception.)
#pragma once

#include <map>
#include <string>

#include "trace/trace.h"

namespace placement::ui {

// The same map filter_drops() returns for the trace's JSON.
std::map<std::string, std::string> filter_drops_of(const Trace& trace);

}  // namespace placement::ui
