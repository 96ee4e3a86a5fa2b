#include "fit/sglang/worker_pool.h"

#include <algorithm>

namespace placement {

WorkerPool::WorkerPool(const std::vector<const Worker*>& workers) : list_(workers) {}

std::vector<PoolTypeGroup> WorkerPool::group_by_gpu_type(Trace& trace) {
  std::vector<PoolTypeGroup> groups;
  auto group_of = [&](const GpuType& type) -> PoolTypeGroup& {
    for (auto& g : groups)
      if (g.type == type) return g;
    groups.push_back(PoolTypeGroup{type, {}});
    return groups.back();
  };
  for (const Worker*& w : list_) {
    if (w->gpus.empty()) {
      group_of(std::nullopt).workers.push_back(w);
      continue;
    }
    std::vector<std::string> types;  // first-appearance order
    for (const GpuDevice& g : w->gpus)
      if (std::find(types.begin(), types.end(), g.type) == types.end()) types.push_back(g.type);
    if (types.size() > 1) {
      // The overwrite below changes this worker for every group and the rest of the run.
      copies_.push_back(*w);
      w = &copies_.back();
    }
    for (const std::string& type : types) group_of(type).workers.push_back(w);
    if (types.size() > 1) {
      std::string hidden;
      for (std::size_t i = 0; i + 1 < types.size(); ++i) hidden += (hidden.empty() ? "" : ", ") + types[i];
      trace.quirk("Q1", "sglang.type_grouping:" + w->name,
                  "worker " + w->name + " keeps only its " + types.back() + " GPUs for the rest of the run; its " + hidden +
                      " GPUs are no longer seen (GPUStack overwrites the GPU list shared by the per-type copies)");
      Worker& copy = copies_.back();
      std::vector<GpuDevice> kept;
      for (const GpuDevice& g : copy.gpus)
        if (g.type == types.back()) kept.push_back(g);
      copy.gpus = std::move(kept);
    }
  }
  return groups;
}

void sort_by_gpu_count(std::vector<const Worker*>& workers) {
  std::stable_sort(workers.begin(), workers.end(), [](const Worker* a, const Worker* b) { return a->gpus.size() > b->gpus.size(); });
}

void WorkerPool::sort_by_gpu_count() { placement::sort_by_gpu_count(list_); }

std::string type_label(const GpuType& type) { return type ? *type : std::string("none"); }

}  // namespace placement
