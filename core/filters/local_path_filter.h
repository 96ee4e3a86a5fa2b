// F6 (scheduler-rules.md §2): a local-path model with selected GPUs runs only where its path exists.
// GPUStack asks each worker; the explorer reads the worker's `local_paths` (explorer-only field).
// A worker that reports nothing fails like one whose check failed: GPUStack counts both as missing.
#pragma once

#include "filters/filter_record.h"

namespace placement::filters {

struct LocalPathFilter {
  static constexpr const char* Name = "local_path";
  static constexpr const char* kCodePresent = "path_present";
  static constexpr const char* kCodeMissing = "path_missing";
  static constexpr const char* kCodeUnreported = "path_unreported";
  static constexpr std::size_t kListedWorkers = 3;  // GPUStack names the first three, then "+N more"
  static void run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record);
};

}  // namespace placement::filters
