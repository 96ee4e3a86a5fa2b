// GPUStack's group_worker_gpu_by_memory: SGLang wants balanced GPUs, so GPUs (with positive
// allocatable VRAM, on workers with enough RAM) are sorted by allocatable ascending and cut into
// groups whose smallest member holds at least 0.9 × every other member.
#pragma once

#include <vector>

#include "fit/common/worker_pool.h"
#include "resources/allocatable.h"

namespace placement {

struct GpuInfo {
  const Worker* worker = nullptr;
  GpuDevice gpu;
  Bytes alloc = 0;
  Bytes allocated = 0;  // what existing claims hold on it (for `freeable`)
};

struct GpuMemoryGroups {
  std::vector<std::vector<GpuInfo>> groups;  // ascending by allocatable
  std::vector<const Worker*> ram_short;      // workers left out for RAM
};

GpuMemoryGroups group_gpus_by_memory(const std::vector<const Worker*>& workers, const AllocationIndex& allocation, Bytes ram_need,
                                     const GpuType& type);

}  // namespace placement
