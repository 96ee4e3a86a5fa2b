// The two result fields that name GPUStack's own words for the outcome: the fit method that produced
// the candidates (`strategy_function`) and what GPUStack's _schedule_one writes on the instance
// (`state_message`), where we can state it exactly.
#pragma once

#include <optional>
#include <string>

#include "trace/trace.h"

namespace placement {

// GPUStack's method for a selector's strategy id (§6.3), e.g. ("mindie", "single_worker") →
// "_select_single_worker"; nullopt for an unknown pair or no strategy.
std::optional<std::string> gpustack_strategy_function(const std::string& selector, const std::string& strategy);

// "" when a candidate is selected; "Failed to find candidate: E" when the run stopped on a
// reference error whose GPUStack exception text E is known (values.gpustack_error); with no
// candidate and no error, GPUStack's "No suitable workers." text rendered from the trace's message
// slots (explain/gpustack_messages.h); nullopt for an error whose GPUStack text is unknown.
std::optional<std::string> gpustack_state_message(bool selected, const Json& trace);

}  // namespace placement
