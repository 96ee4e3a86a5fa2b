// GPUStack's own explanation text, rendered from the trace's §6.9 message slots
// (scheduler-rules.md §6.9, §6.10): exactly what `_schedule_one` writes into an instance's
// state_message when find_candidate returns no candidate.
#pragma once

#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement {

// The filter chain's block: "- line\n- line\n" ("" when no filter said anything).
std::string gpustack_filter_block(const Json& trace_messages);
// The selector's messages, joined as find_candidate joins them ("" when it said nothing).
std::string gpustack_selector_block(const Json& trace_messages);
// find_candidate's message list joined: filter block + selector block.
std::string gpustack_details(const Json& trace_messages);
// "No suitable workers.\nDetails:\n" + details; when workers passed the filters and the selector
// said nothing, GPUStack's fallback line "No workers meet the resource requirements.".
std::string gpustack_no_candidate_message(const Json& trace);

// One slot's lines, before the "- " prefix (exposed for the per-selector renderers).
namespace gpustack_text {
std::vector<std::string> filter_lines(const Json& slot);
std::vector<std::string> vllm_lines(const Json& slot);    // vllm / sglang / custom / manual
std::vector<std::string> mindie_lines(const Json& slot);
// GGUF events are whole strings: most are bullet lists, some bare sentences.
std::string gguf_text(const Json& slot);
// "- a\n- b" (ListMessageBuilder).
std::string bullet_list(const std::vector<std::string>& lines);
}  // namespace gpustack_text

}  // namespace placement
