#include "fit/mindie/mindie_workers.h"

#include <algorithm>

#include "fit/common/rejection_codes.h"
#include "scenario/errors.h"

namespace placement::mindie {

const GpuDevice* WorkerView::cann_device(int index) const {
  for (const auto& [i, d] : cann)
    if (i == index) return d;
  return nullptr;
}

Bytes device_claim(const GpuDevice& d, double fraction) {
  return static_cast<Bytes>(static_cast<double>(d.memory_total) * fraction);
}

WorkerView make_view(const Worker& w, const AllocationIndex& allocation) {
  WorkerView v;
  v.worker = &w;
  v.alloc = allocation.compute(w);  // MindIE never filters by GPU type (§1.5)
  if (v.alloc.uma_missing_index0)
    throw ReferenceError("fit", "unified-memory worker " + w.name + " has GPUs but no index 0: GPUStack's allocatable lookup raises",
                         DataFields{{"worker", w.name}});
  for (const auto& d : w.gpus) v.sorted.push_back(&d);
  std::stable_sort(v.sorted.begin(), v.sorted.end(),
                   [&](const GpuDevice* a, const GpuDevice* b) { return v.alloc_of(*a) > v.alloc_of(*b); });
  for (const GpuDevice* d : v.sorted) {
    if (d->type != "cann") continue;
    auto it = std::find_if(v.cann.begin(), v.cann.end(), [&](const auto& e) { return e.first == d->index; });
    if (it == v.cann.end()) v.cann.emplace_back(d->index, d);
    else it->second = d;
  }
  return v;
}

Shortfall vram_shortfall(const WorkerView& v, const GpuDevice& d, Bytes need) {
  const Bytes have = v.alloc_of(d);
  const Bytes capacity = d.memory_total - v.worker->reserved_vram;  // what releasing every claim would leave
  return Shortfall{"vram", d.index, need, have, need - have, need <= capacity};
}

Shortfall ram_shortfall(const WorkerView& v, Bytes need) {
  const Bytes capacity = v.worker->memory_total - v.worker->reserved_ram;
  return Shortfall{"ram", std::nullopt, need, v.alloc.ram, need - v.alloc.ram, need <= capacity};
}

AvailableWorkers available_workers(const FitContext& ctx, Bytes ram_request, double fraction) {
  AvailableWorkers out;
  for (const Worker* w : ctx.workers) {
    ++out.examined;
    if (w->gpus.empty()) {
      out.rejections.list.push_back(MindieRejection{w->id, w->name, {}, kRejectNoGpus, true, std::nullopt, {}});
      continue;
    }
    WorkerView v = make_view(*w, ctx.allocation);
    if (ram_request > v.alloc.ram) {
      out.rejections.list.push_back(MindieRejection{w->id, w->name, {}, kRejectInsufficient, true, std::nullopt, {ram_shortfall(v, ram_request)}});
      continue;
    }
    // Only the largest device is checked here; the strategies check the others one by one.
    const GpuDevice& top = *v.sorted.front();
    const Bytes claim = device_claim(top, fraction);
    if (claim > v.alloc_of(top)) {
      out.rejections.list.push_back(MindieRejection{w->id, w->name, {top.index}, kRejectInsufficient, true,
                                                    DataFields{{"rule", "top_device"}, {"fraction", fraction}}, {vram_shortfall(v, top, claim)}});
      continue;
    }
    out.workers.push_back(std::move(v));
  }
  std::stable_sort(out.workers.begin(), out.workers.end(), [](const WorkerView& a, const WorkerView& b) {
    return a.alloc_of(*a.sorted.front()) > b.alloc_of(*b.sorted.front());
  });
  return out;
}

}  // namespace placement::mindie
