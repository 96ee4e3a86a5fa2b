// MindIE multi-worker strategy (scheduler-rules.md §3.5.8), only with distributed inference on.
// Available workers are grouped by device count (all device types), largest first, each group
// also holding every worker of the larger groups. Per group of ≥2 workers with enough devices,
// per local size (the derived one, else 1 then the powers of two ≤ min(count, world) passing
// tp), a walk over the group: a worker joins with exactly `local` devices that fit their claim
// and have an up NIC with an inet address; the walk stops at the explicit world size, and in
// automatic mode takes every eligible worker. Accepted when the world size is met (automatic: a
// tp-divisible total), the VRAM is covered, and there is a subordinate.
#pragma once

#include "fit/common/rejection_codes.h"
#include "fit/common/strategy_record.h"
#include "fit/mindie/strategies.h"

namespace placement::mindie {

// A worker that never joined because a device it needed has its NIC down or without an address.
inline constexpr const char* kRejectNicDown = "nic_down";

// Fills `record` with one entry per (group, local size) attempt and rejections for workers that
// never joined. Emits the "optimal combination" and "manual advice" slots when nothing fits.
StrategyOutcome select_multi_worker(const std::vector<WorkerView>& workers, const Request& request, const WalkRules& rules,
                                    StrategyRecord& record, MindieRejections& rejections);

}  // namespace placement::mindie
