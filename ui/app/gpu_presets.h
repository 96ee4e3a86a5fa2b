// Accelerators a user can add to a worker in one click (issue 4, item 2). Sizes are what the
// device reports as total memory (nvidia-smi / npu-smi / sysctl), in bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "scenario/types.h"

namespace placement::ui {

struct GpuPreset {
  const char* label;   // menu text
  const char* name;    // gpu_devices[].name
  const char* vendor;
  const char* type;    // cuda, cann, mps
  std::int64_t memory_total;
  bool unified;        // Apple silicon: the worker's memory is unified
};

const std::vector<GpuPreset>& gpu_presets();

// A gpu_devices[] entry for `preset` with the given index.
Json gpu_from_preset(const GpuPreset& preset, int index);
// A custom device of `memory_total` bytes.
Json custom_gpu(int index, const std::string& type, std::int64_t memory_total);

}  // namespace placement::ui
