// Accelerators a person can buy or add in one step: the explorer's "add GPU" menu and the advise
// hardware lever that swaps a GPU for a larger one. Sizes are what the device reports as total
// memory (nvidia-smi / npu-smi / sysctl), in bytes; vendor and arch_family are what
// gpustack-runtime's detectors report (NVIDIA: the family of the compute capability; Ascend: the
// SoC name, which the backend framework filter turns into a CANN variant).
#pragma once

#include <cstdint>
#include <vector>

#include "scenario/types.h"

namespace placement::whatif {

struct GpuPreset {
  const char* label;  // menu text
  const char* name;   // gpu_devices[].name
  const char* vendor;       // nvidia, ascend, apple
  const char* type;         // cuda, cann, mps
  const char* arch_family;  // nullptr: the detector reports none
  std::int64_t memory_total;
  bool unified;  // Apple silicon: the worker's memory is unified
};

// In menu order (by vendor, then roughly by size).
const std::vector<GpuPreset>& gpu_presets();

// A gpu_devices[] entry for `preset` with the given index.
Json gpu_from_preset(const GpuPreset& preset, int index);

}  // namespace placement::whatif
