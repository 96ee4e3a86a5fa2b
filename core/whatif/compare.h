// Compare: two scenarios (or one and an edit of it) decided side by side — the winner of each,
// which candidates appeared, disappeared or moved (same workers, other GPUs), score deltas per
// scorer, and the winner's claim moved per GPU.
#pragma once

#include "scheduler.h"

namespace placement::whatif {

// {"a": side, "b": side, "winner_changed", "candidates": [...], "claims": [...]}
// side = {"winner": placement | null, "strategy", "candidates", "why_not"}
// candidates[] = {"status": same|moved|appeared|disappeared, "worker_id", "worker_name",
//   "subordinate_worker_ids", "a": {rank, gpu_indexes, score} | null, "b": ..., "score_deltas": {scorer: b − a}}
// claims[] = {"worker_id", "worker_name", "gpu_index", "a", "b", "delta"} for GPUs whose winner claim differs
Json compare(const ScheduleResult& a, const ScheduleResult& b);

}  // namespace placement::whatif
