// §1.5 allocatable as GPUStack computes it inside the SGLang selector: a unified-memory worker
// whose GPUs of the asked type lack index 0 makes GPUStack fail (KeyError on vram[0]).
#pragma once

#include "fit/common/worker_pool.h"
#include "resources/allocatable.h"

namespace placement {

Allocatable checked_allocatable(const AllocationIndex& allocation, const Worker& worker, const GpuType& type);

}  // namespace placement
