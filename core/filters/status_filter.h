// F4 (scheduler-rules.md §2): only workers whose state is exactly `ready` stay. Unknown states are
// kept verbatim by the loader and are simply not ready.
#pragma once

#include "filters/filter_record.h"

namespace placement::filters {

struct StatusFilter {
  static constexpr const char* Name = "status";
  static constexpr const char* kReadyState = "ready";
  static constexpr const char* kCodeReady = "ready";
  static constexpr const char* kCodeNotReady = "not_ready";
  static void run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record);
};

}  // namespace placement::filters
