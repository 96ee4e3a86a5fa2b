// Documented maxima of a scenario (README "Limits"). They keep every claim and sum inside 64-bit
// arithmetic: a byte value is at most 2^46 (64 TiB) and at most 2^16 instances can claim one GPU,
// so any per-GPU or per-worker sum stays below 2^62. Beyond a limit the loader refuses the
// scenario with the JSON Pointer of the value; nothing is clamped silently.
#pragma once

#include <cstdint>

namespace placement::limits {

inline constexpr std::int64_t kMaxBytes = std::int64_t{1} << 46;  // any memory size or claim
inline constexpr std::size_t kMaxWorkers = 16384;
inline constexpr std::size_t kMaxGpusPerWorker = 64;
inline constexpr std::size_t kMaxModelInstances = 65536;
inline constexpr std::size_t kMaxModelFiles = 65536;
inline constexpr std::size_t kMaxCandidates = 65536;
inline constexpr std::int64_t kMaxGpuIndex = 1'000'000;
inline constexpr std::int64_t kMaxReplicas = 100'000;
inline constexpr std::int64_t kMaxLayers = 1'000'000;  // offload_layers / total_layers of a claim

}  // namespace placement::limits
