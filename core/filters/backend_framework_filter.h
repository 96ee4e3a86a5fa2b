// F5 (scheduler-rules.md §2): a worker stays when the model's (effective) backend can run on at least
// one of its devices. Skipped only for the literal backend `Custom` (a user image has no runner).
//
// GPUStack asks two sources per device condition, always both: the version configs of the
// inference-backend rows — the scenario's `inference_backends`, or when it has none the rows a
// default install seeds — and the runner catalogue of the gpustack-runner release it pins
// (docs/backend-catalogue.md). The record names which source kept each worker.
#pragma once

#include "filters/filter_record.h"

namespace placement::filters {

struct BackendFrameworkFilter {
  static constexpr const char* Name = "backend_framework";
  static constexpr const char* kCodeSupported = "backend_supported";
  static constexpr const char* kCodeUnsupported = "backend_unsupported";
  // Why one device condition is unsupported.
  static constexpr const char* kWhyVersion = "version_unsupported";  // backend_version pinned
  static constexpr const char* kWhyCpu = "no_versions_cpu";
  static constexpr const char* kWhyGpu = "no_versions_gpu";
  // Which rows were read (record field `rows`).
  static constexpr const char* kRowsScenario = "scenario";
  static constexpr const char* kRowsDefaultInstall = "default_install";
  // Why one field of the model drops every worker (record field `all_dropped.cause`).
  static constexpr const char* kCauseGgufNullBackend = "gguf_null_backend";
  static constexpr const char* kCauseUnknownName = "unknown_name";
  static constexpr const char* kCausePinnedVersion = "pinned_version";
  // Throws ReferenceError (stage `filters`) for an Ascend device whose `arch_family` is no known
  // chip name: GPUStack's variant lookup fails and the whole decision with it.
  static void run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record);
};

}  // namespace placement::filters
