// The §6.4 rejection codes and §6.3 skip codes more than one selector writes, named once so every
// backend spells them the same (scheduler-rules.md §6.3, §6.4). A code one backend alone writes is
// a constant in that backend's header.
#pragma once

namespace placement {

// Rejections (trace.strategies[].rejections[].code).
inline constexpr const char* kRejectNoGpus = "no_gpus";                    // no usable GPU on the worker
inline constexpr const char* kRejectGpuCount = "gpu_count";                // fewer GPUs than the strategy needs
inline constexpr const char* kRejectInsufficient = "insufficient";         // a resource shortfall (MindIE, SGLang)
inline constexpr const char* kRejectTpNotDivisible = "tp_not_divisible";   // the GPU count does not divide a model quantity

// Skips (skip.code of a strategy record or of a vLLM type group).
inline constexpr const char* kSkipTooFewWorkers = "too_few_workers";       // a multi-worker search needs 2 or more

}  // namespace placement
