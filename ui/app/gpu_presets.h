// Accelerators a user can add to a worker in one click (issue 4, item 2). The preset table lives
// in the core (whatif/gpu_presets.h) because advise's hardware lever swaps GPUs for presets too.
#pragma once

#include <cstdint>
#include <string>

#include "whatif/gpu_presets.h"

namespace placement::ui {

using whatif::gpu_from_preset;
using whatif::gpu_presets;
using whatif::GpuPreset;

// A custom device of `memory_total` bytes.
Json custom_gpu(int index, const std::string& type, std::int64_t memory_total);

}  // namespace placement::ui
