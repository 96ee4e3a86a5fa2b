// GPUStack's SGLang explanation events (scheduler-rules.md §6.9): the values of the note a
// strategy leaves when it found no candidate, typed so the message writes them in GPUStack's order.
#pragma once

#include <cstddef>
#include <vector>

#include "fit/common/data_fields.h"
#include "fit/sglang/sglang_run.h"

namespace placement {

// The multi-worker count group whose joined workers summed the most VRAM without holding the
// estimate: what GPUStack's advice names.
struct LargestCombination {
  std::vector<const Worker*> workers;
  Bytes vram = 0;
  std::size_t group_size = 0, devices_per_worker = 0;
};

// Multi worker: the largest combination's first 3 workers, its sum and who was left out, then
// the advice; only the advice when no combination joined a worker.
DataFields largest_combination_event(const LargestCombination& largest);

// Single worker, multi GPU, for worker `w` of GPU type `type`: why its largest group failed (tp
// divisibility, the diffusion per-GPU VRAM, or the largest sum and its effective VRAM at u).
DataFields no_candidate_event(const SglangRun& run, const Worker& w, const GpuType& type);

}  // namespace placement
