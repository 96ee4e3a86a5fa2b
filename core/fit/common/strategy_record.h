// The §6.3 strategy record every selector starts the same way: the fields a reader can count on
// whatever the strategy does (skip, candidates_found, examined, rejections, not_examined, caps,
// quirks), empty until the strategy fills them.
#pragma once

#include <string>

#include "trace/trace.h"

namespace placement {

Json& begin_strategy_record(Trace& trace, const std::string& selector, const std::string& strategy,
                            const std::string& status);

// A strategy that did not run: status "skipped" with skip = {code, data}.
Json& skip_strategy_record(Trace& trace, const std::string& selector, const std::string& strategy,
                           const std::string& code, Json data);

}  // namespace placement
