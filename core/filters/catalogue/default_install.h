// What the backend framework filter (scheduler-rules.md §2 F5) reads in a freshly installed
// GPUStack v2.2: the inference-backend rows the server seeds at start, the runner catalogue of the
// gpustack-runner release it pins, and gpustack-runtime's Ascend chip table. The facts are the
// JSON files beside this header (README.md names their sources), compiled in and parsed once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::filters::catalogue {

inline constexpr const char* kRunnerRelease = "gpustack-runner 0.1.27.post4";

// One runner image of the pinned release, projected to what the filter asks about.
struct RunnerRow {
  std::string service;  // lower-case backend name: vllm, sglang, mindie, voxbox
  std::string backend;  // accelerator type: cuda, rocm, cann, ...
  std::string variant;  // CANN variant (910b, a3, 310p), "" for other accelerators
  std::string version;  // the service's version
  bool deprecated = false;
};

// The rows a default install seeds, in seeding order: vLLM, SGLang, MindIE and VoxBox with no
// versions, then the community backends, each version listing its frameworks as built-in ones.
const std::vector<InferenceBackend>& default_install_rows();
// The 150 runner rows of the pinned release, in the release's order.
const std::vector<RunnerRow>& runner_rows();

// GPUStack's runner query (`list_service_runners`): the first row of service `service` (already
// lower-cased) for accelerator `backend`; of `variant` when given (any variant otherwise); of
// version `pinned` when given, else not deprecated. Null when none.
const RunnerRow* find_runner(const std::string& service, const std::string& backend, const std::optional<std::string>& variant,
                             const std::optional<std::string>& pinned);
// Whether any runner row has this service (lower-cased) at all.
bool runner_service_exists(const std::string& service);
// The runner service GPUStack asks about for a backend name: `backend_name.lower()` (ASCII).
std::string runner_service_of(const std::string& backend_name);

// gpustack-runtime's `get_ascend_cann_variant`: the chip name's SoC version number mapped to a
// CANN variant ("Ascend910B3" → "910b"); nullopt for a name the table does not know.
std::optional<std::string> ascend_cann_variant(const std::string& chip_name);
// Known chip names containing `text` (case-insensitive), in table order, at most `limit`.
std::vector<std::string> ascend_chip_names_like(const std::string& text, std::size_t limit);

}  // namespace placement::filters::catalogue
