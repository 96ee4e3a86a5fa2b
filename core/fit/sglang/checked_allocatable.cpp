#include "fit/sglang/checked_allocatable.h"

#include "scenario/errors.h"

namespace placement {

Allocatable checked_allocatable(const AllocationIndex& allocation, const Worker& worker, const GpuType& type) {
  Allocatable a = allocation.compute(worker, type);
  if (a.uma_missing_index0)
    throw ReferenceError("fit",
                         "unified-memory worker " + worker.name + " has GPUs but none with index 0: GPUStack's allocatable "
                         "formula reads vram[0] and fails (KeyError)",
                         DataFields{{"worker", worker.name}, {"gpu_type", type}});
  return a;
}

}  // namespace placement
