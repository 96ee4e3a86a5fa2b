// u per GPU type (scheduler-rules.md §3.4.4): --mem-fraction-static when > 0, else the calculator, for
// the ids' types only when ids are given. Also where GPUStack first groups workers by type (Q1).
#pragma once

#include "fit/common/shared_rules.h"
#include "fit/sglang/requirement_record.h"
#include "fit/sglang/sglang_run.h"

namespace placement {

// Fills run.utilisation and the requirement section's `u_by_type`. Throws the calculator's
// ReferenceErrors.
void compute_utilisation(SglangRun& run, std::vector<SglangTypeUtilisation>& u_by_type);

// The map handed to the manual routine: "*" = 0, then each type's u.
UtilisationMap manual_utilisation(const SglangRun& run);

}  // namespace placement
