#include "fit/sglang/gpu_memory_groups.h"

#include <algorithm>

#include "fit/common/shared_rules.h"
#include "fit/sglang/checked_allocatable.h"

namespace placement {

GpuMemoryGroups group_gpus_by_memory(const std::vector<const Worker*>& workers, const AllocationIndex& allocation, Bytes ram_need,
                                     const GpuType& type) {
  GpuMemoryGroups out;
  std::vector<GpuInfo> infos;
  for (const Worker* w : workers) {
    if (w->gpus.empty()) continue;
    Allocatable a = checked_allocatable(allocation, *w, type);
    if (ram_short(ram_need, a)) {
      out.ram_short.push_back(w);
      continue;
    }
    for (const GpuDevice& g : w->gpus) {
      if (g.memory_total == 0) continue;
      const Bytes alloc = a.gpu_or_zero(g.index);
      if (alloc > 0) infos.push_back(GpuInfo{w, g, alloc, a.allocated_gpu(g.index)});
    }
  }
  std::stable_sort(infos.begin(), infos.end(), [](const GpuInfo& x, const GpuInfo& y) { return x.alloc < y.alloc; });
  std::vector<GpuInfo> current;
  for (const GpuInfo& info : infos) {
    if (current.empty() ||
        static_cast<double>(current.front().alloc) >= static_cast<double>(info.alloc) * 0.9) {
      current.push_back(info);
    } else {
      out.groups.push_back(std::move(current));
      current = {info};
    }
  }
  if (!current.empty()) out.groups.push_back(std::move(current));
  return out;
}

}  // namespace placement
