// The workers MindIE's automatic strategies start from (scheduler-rules.md §3.5.6): a worker with
// devices, enough RAM, and a top device (largest allocatable) that can take its
// int(total × fraction) claim. Each keeps its devices sorted by allocatable VRAM (descending,
// stable) and its `cann` devices indexed by GPU index, as GPUStack caches them.
#pragma once

#include <vector>

#include "fit/fit_context.h"
#include "fit/mindie/mindie_rejections.h"

namespace placement::mindie {

struct WorkerView {
  const Worker* worker = nullptr;
  Allocatable alloc;
  std::vector<const GpuDevice*> sorted;  // every device, allocatable VRAM desc (stable)
  // {index: device} of the cann devices, in `sorted` order; a later device with a repeated index
  // replaces the earlier one in place, as in a Python dict.
  std::vector<std::pair<int, const GpuDevice*>> cann;

  const GpuDevice* cann_device(int index) const;
  Bytes alloc_of(const GpuDevice& d) const { return alloc.gpu_or_zero(d.index); }
};

// int(total × fraction): what MindIE claims on each device it uses.
Bytes device_claim(const GpuDevice& d, double fraction);

WorkerView make_view(const Worker& w, const AllocationIndex& allocation);

struct AvailableWorkers {
  std::vector<WorkerView> workers;  // ordered by the top device's allocatable VRAM, desc (stable)
  MindieRejections rejections;  // §6.4 records for the workers left out
  long long examined = 0;
};

AvailableWorkers available_workers(const FitContext& ctx, Bytes ram_request, double fraction);

// §6.4 shortfalls shared by the strategies: freeable when releasing every claim would cover `need`.
Shortfall vram_shortfall(const WorkerView& v, const GpuDevice& d, Bytes need);
Shortfall ram_shortfall(const WorkerView& v, Bytes need);

}  // namespace placement::mindie
