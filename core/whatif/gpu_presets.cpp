#include "whatif/gpu_presets.h"

#include <string>

namespace placement::whatif {

namespace {
constexpr std::int64_t MiB = std::int64_t{1} << 20;
}

const std::vector<GpuPreset>& gpu_presets() {
  static const std::vector<GpuPreset> presets = {
      {"RTX 3090 24 GB", "NVIDIA GeForce RTX 3090", "nvidia", "cuda", "Ampere", 24576 * MiB, false},
      {"RTX 4080 16 GB", "NVIDIA GeForce RTX 4080", "nvidia", "cuda", "Ada-Lovelace", 16376 * MiB, false},
      {"RTX 4090 24 GB", "NVIDIA GeForce RTX 4090", "nvidia", "cuda", "Ada-Lovelace", 24564 * MiB, false},
      {"L40S 48 GB", "NVIDIA L40S", "nvidia", "cuda", "Ada-Lovelace", 46068 * MiB, false},
      {"A100 40 GB", "NVIDIA A100-SXM4-40GB", "nvidia", "cuda", "Ampere", 40960 * MiB, false},
      {"A100 80 GB", "NVIDIA A100-SXM4-80GB", "nvidia", "cuda", "Ampere", 81920 * MiB, false},
      {"H100 80 GB", "NVIDIA H100 80GB HBM3", "nvidia", "cuda", "Hopper", 81559 * MiB, false},
      {"H200 141 GB", "NVIDIA H200", "nvidia", "cuda", "Hopper", 143771 * MiB, false},
      {"Ascend 910B 64 GB", "910B3", "ascend", "cann", "Ascend910B3", 65536 * MiB, false},
      {"Apple M2 Ultra 192 GB (unified)", "Apple M2 Ultra", "apple", "mps", nullptr, 196608 * MiB, true},
  };
  return presets;
}

Json gpu_from_preset(const GpuPreset& p, int index) {
  Json gpu = Json::object();
  gpu["index"] = index;
  gpu["name"] = p.name;
  gpu["vendor"] = p.vendor;
  gpu["type"] = p.type;
  if (p.arch_family) gpu["arch_family"] = p.arch_family;
  gpu["memory"] = Json{{"total", p.memory_total}, {"is_unified_memory", p.unified}};
  // Ascend NPUs take part in multi-worker MindIE only with their NIC up.
  if (std::string(p.type) == "cann") gpu["network"] = Json{{"status", "up"}, {"inet", "192.168.0." + std::to_string(10 + index)}};
  return gpu;
}

}  // namespace placement::whatif
