// Why a decision found no candidate, in one line, aggregated the way Nomad reports a failed
// placement ("vram_short on 7 of 8 gpus; not_ready on 1 of 9 workers"): built from the trace's
// summary lines (scheduler-rules.md §6.6), its reference error, or GPUStack's message.
#pragma once

#include "scheduler.h"

namespace placement::whatif {

// {"text", "summary": [{count, of, unit, key, params}], "error": {...} | null}
Json failure_json(const ScheduleResult& result);

}  // namespace placement::whatif
