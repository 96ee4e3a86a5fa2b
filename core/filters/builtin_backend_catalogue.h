// The explorer's built-in runner catalogue (explorer rule, scheduler-rules.md §2 F5): which accelerator
// types GPUStack ships runner images for, per inference backend. GPUStack's backend filter asks
// its runner catalogue the same question; the explorer uses this table when the scenario carries
// no `inference_backends` entry for the backend. See docs/backend-catalogue.md for the table and
// its source.
#pragma once

#include <optional>
#include <string>

namespace placement::filters {

// Backends are looked up by their lower-cased name, as GPUStack looks up the runner service
// (`backend_name.lower()`): "vLLM" → vllm, "SGLang" → sglang, "MindIE" → mindie, "VoxBox" → voxbox.
bool builtin_catalogue_knows(const std::string& backend);

// Does the backend ship a runner for this accelerator type (`cuda`, `rocm`, `cann`, ...)? With a
// CANN variant only runners of that variant count; without one any variant does. Versions are
// not listed: a pinned backend_version is not checked against this table.
bool builtin_catalogue_supports(const std::string& backend, const std::string& accelerator,
                                const std::optional<std::string>& variant);

// GPUStack runtime's CANN variant of an Ascend SoC name (`arch_family`, e.g. "Ascend910B3" →
// "910b"); nullopt for an unknown SoC (GPUStack then matches runners of any variant).
std::optional<std::string> ascend_cann_variant(const std::string& soc_name);

}  // namespace placement::filters
