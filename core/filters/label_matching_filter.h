// F3 (scheduler-rules.md §2): with a worker_selector (even `{}`), a worker stays only when every
// selector key is among its labels with an equal value.
#pragma once

#include "filters/filter_record.h"

namespace placement::filters {

struct LabelMatchingFilter {
  static constexpr const char* Name = "labels";
  static constexpr const char* kCodeMatch = "labels_match";
  static constexpr const char* kCodeMissing = "label_missing";
  static constexpr const char* kCodeMismatch = "label_mismatch";
  static void run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record);
};

}  // namespace placement::filters
