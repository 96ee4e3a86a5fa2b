// F2 (scheduler-rules.md §2): with gpu_selector.gpu_ids, only the workers those ids name stay. The GPU
// part of each id is left to the selectors (they pick the selected GPUs themselves).
#pragma once

#include "filters/filter_record.h"

namespace placement::filters {

struct GpuMatchingFilter {
  static constexpr const char* Name = "gpu_selector";
  static constexpr const char* kCodeSelected = "in_gpu_selector";
  static constexpr const char* kCodeNotSelected = "not_in_gpu_selector";
  static void run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record);
};

}  // namespace placement::filters
