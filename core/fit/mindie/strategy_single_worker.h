// MindIE single-worker strategy (scheduler-rules.md §3.5.7). Per available worker (skipped when an
// explicit world size exceeds its cann devices): walk its devices by allocatable VRAM, take each
// whose int(total × fraction) claim fits its allocatable, until the explicit world size is
// reached or (automatic) the VRAM is covered at a tp-divisible device count. Every worker that
// meets the world size and covers the VRAM is a candidate.
#pragma once

#include "fit/common/strategy_record.h"
#include "fit/mindie/strategies.h"

namespace placement::mindie {

// Fills `record` (a §6.3 strategy record) with examined counts and rejections. Emits the
// "largest available worker" slot when nothing fits and distributed inference is off.
// Throws ReferenceError where GPUStack raises (a non-cann device reached in the walk).
StrategyOutcome select_single_worker(const std::vector<WorkerView>& workers, const Request& request, const WalkRules& rules,
                                     StrategyRecord& record, MindieRejections& rejections);

}  // namespace placement::mindie
