// GPUStack's SGLang explanation (scheduler-rules.md §6.9) as message slots: the requirement line, then
// the last event of the first non-empty action among [manual, multi-worker, single-worker
// multi-GPU, single GPU]. Values only; renderers write the sentences.
#pragma once

#include "fit/common/selector_messages.h"
#include "fit/sglang/sglang_run.h"

namespace placement {

// The largest u over GPUStack's dict ("*" = 0 included): what its requirement line prints.
double max_utilisation(const SglangRun& run);

DataFields requirement_message_values(const SglangRun& run);
// No candidate from the automatic strategies: requirement + the chosen event.
void emit_auto_messages(const SglangRun& run, SelectorMessages& messages);

}  // namespace placement
