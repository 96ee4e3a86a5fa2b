// F1 (scheduler-rules.md §2): a worker stays only when its cluster equals the model's. A null cluster
// is compared as a value, so a model without a cluster keeps only workers without one (Q31).
#pragma once

#include "filters/filter_record.h"

namespace placement::filters {

struct ClusterFilter {
  static constexpr const char* Name = "cluster";
  static constexpr const char* kCodeMatch = "cluster_match";
  static constexpr const char* kCodeMismatch = "cluster_mismatch";
  static void run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record);
};

}  // namespace placement::filters
