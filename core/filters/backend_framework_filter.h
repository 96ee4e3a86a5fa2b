// F5 (scheduler-rules.md §2): a worker stays when the model's (effective) backend can run on at least
// one of its devices. Skipped for the literal backend `Custom` (a user image has no runner).
//
// Which catalogue decides: the scenario's `inference_backends` entries named like the backend
// (the platform row, with the model owner's versions replacing same-named ones) when there are
// any; else the built-in runner catalogue (builtin_backend_catalogue.h) when it knows the
// backend; else nothing is evaluated and every worker passes.
#pragma once

#include "filters/filter_record.h"

namespace placement::filters {

struct BackendFrameworkFilter {
  static constexpr const char* Name = "backend_framework";
  static constexpr const char* kCodeSupported = "backend_supported";
  static constexpr const char* kCodeUnsupported = "backend_unsupported";
  static constexpr const char* kCodeNoCatalogue = "not_evaluated_no_catalogue";
  // Why one device condition is unsupported.
  static constexpr const char* kWhyVersion = "version_unsupported";  // backend_version pinned
  static constexpr const char* kWhyCpu = "no_versions_cpu";
  static constexpr const char* kWhyGpu = "no_versions_gpu";
  // Catalogue names in the trace.
  static constexpr const char* kCatalogueScenario = "scenario";
  static constexpr const char* kCatalogueBuiltin = "builtin";
  static void run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record);
};

}  // namespace placement::filters
