#include "filters/builtin_backend_catalogue.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

namespace placement::filters {

namespace {

// One shipped runner line: a backend (runner "service") on an accelerator, optionally only for
// some CANN variants (empty = every variant).
struct RunnerLine {
  const char* service;
  const char* accelerator;
  std::vector<const char*> variants;
};

// Source: gpustack/runner, docs/supported-runners.md ("Historical support tables": the runner
// images per accelerator backend and inference service), read for GPUStack v2.x. Only the
// accelerator/variant coverage is kept; no CPU runner is shipped for these services.
//   vLLM   — CUDA, ROCm, CANN (910B, A3, 310P, A5/950), DTK, HGGC, MACA, MUSA, CoreX
//   SGLang — CUDA, ROCm, CANN (910B, A3), DTK, HGGC, MACA, MUSA
//   MindIE — CANN (910B, A3, 310P)
//   VoxBox — CUDA
const std::vector<RunnerLine>& runner_lines() {
  static const std::vector<RunnerLine> lines = {
      {"vllm", "cuda", {}},
      {"vllm", "rocm", {}},
      {"vllm", "cann", {"910b", "a3", "310p", "a5", "950"}},
      {"vllm", "dtk", {}},
      {"vllm", "hggc", {}},
      {"vllm", "maca", {}},
      {"vllm", "musa", {}},
      {"vllm", "corex", {}},
      {"sglang", "cuda", {}},
      {"sglang", "rocm", {}},
      {"sglang", "cann", {"910b", "a3"}},
      {"sglang", "dtk", {}},
      {"sglang", "hggc", {}},
      {"sglang", "maca", {}},
      {"sglang", "musa", {}},
      {"mindie", "cann", {"910b", "a3", "310p"}},
      {"voxbox", "cuda", {}},
  };
  return lines;
}

// `name` lowercased equals `service` (a lowercase literal); compared in place, no copy per worker.
bool same_service(const std::string& name, const char* service) {
  std::size_t i = 0;
  for (; i < name.size(); ++i)
    if (service[i] == '\0' || static_cast<char>(std::tolower(static_cast<unsigned char>(name[i]))) != service[i]) return false;
  return service[i] == '\0';
}

// GPUStack runtime's Ascend SoC version numbers (its `_soc_name_version_mapping`); the variant
// follows from the number's range.
struct SocVersion {
  const char* name;
  int version;
};
constexpr std::array<SocVersion, 28> kSocVersions = {{
    {"Ascend910PremiumA", 100}, {"Ascend910ProA", 101},  {"Ascend910A", 102},     {"Ascend910ProB", 103},
    {"Ascend910B", 104},        {"Ascend310P1", 200},    {"Ascend310P2", 201},    {"Ascend310P3", 202},
    {"Ascend310P4", 203},       {"Ascend310P5", 204},    {"Ascend310P7", 205},    {"Ascend910B1", 220},
    {"Ascend910B2", 221},       {"Ascend910B2C", 222},   {"Ascend910B3", 223},    {"Ascend910B4", 224},
    {"Ascend910B4-1", 225},     {"Ascend310B1", 240},    {"Ascend310B2", 241},    {"Ascend310B3", 242},
    {"Ascend310B4", 243},       {"Ascend910_9391", 250}, {"Ascend910_9392", 251}, {"Ascend910_9381", 252},
    {"Ascend910_9382", 253},    {"Ascend910_9372", 254}, {"Ascend910_9362", 255}, {"Ascend910_9579", 260},
}};

}  // namespace

bool builtin_catalogue_knows(const std::string& backend) {
  const auto& lines = runner_lines();
  return std::any_of(lines.begin(), lines.end(), [&](const RunnerLine& l) { return same_service(backend, l.service); });
}

bool builtin_catalogue_supports(const std::string& backend, const std::string& accelerator,
                                const std::optional<std::string>& variant) {
  for (const RunnerLine& line : runner_lines()) {
    if (!same_service(backend, line.service) || accelerator != line.accelerator) continue;
    if (!variant || line.variants.empty()) return true;
    for (const char* v : line.variants)
      if (*variant == v) return true;
  }
  return false;
}

std::optional<std::string> ascend_cann_variant(const std::string& soc_name) {
  int version = -1;
  for (const SocVersion& s : kSocVersions)
    if (soc_name == s.name) {
      version = s.version;
      break;  // names are distinct
    }
  if (version <= 0) return std::nullopt;
  if (version < 200) return std::string("910");
  if (version < 220) return std::string("310p");
  if (version < 240) return std::string("910b");
  if (version < 250) return std::string("310b");
  if (version < 260) return std::string("a3");
  if (version < 270) return std::string("a5");
  return std::nullopt;
}

}  // namespace placement::filters
