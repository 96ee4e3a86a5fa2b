#include "fit/sglang/worker_pool.h"

#include <algorithm>

namespace placement {

WorkerPool::WorkerPool(const std::vector<const Worker*>& workers) {
  storage_.reserve(workers.size());
  for (const Worker* w : workers) storage_.push_back(*w);
  for (Worker& w : storage_) list_.push_back(&w);
}

std::vector<PoolTypeGroup> WorkerPool::group_by_gpu_type(Trace& trace) {
  std::vector<PoolTypeGroup> groups;
  auto group_of = [&](const GpuType& type) -> PoolTypeGroup& {
    for (auto& g : groups)
      if (g.type == type) return g;
    groups.push_back(PoolTypeGroup{type, {}});
    return groups.back();
  };
  for (Worker* w : list_) {
    if (w->gpus.empty()) {
      group_of(std::nullopt).workers.push_back(w);
      continue;
    }
    std::vector<std::pair<std::string, std::vector<GpuDevice>>> by_type;
    for (const GpuDevice& g : w->gpus) {
      auto it = std::find_if(by_type.begin(), by_type.end(), [&](const auto& e) { return e.first == g.type; });
      if (it == by_type.end()) by_type.push_back({g.type, {g}});
      else it->second.push_back(g);
    }
    for (const auto& [type, gpus] : by_type) group_of(type).workers.push_back(w);
    if (by_type.size() > 1) {
      std::string hidden;
      for (std::size_t i = 0; i + 1 < by_type.size(); ++i) hidden += (hidden.empty() ? "" : ", ") + by_type[i].first;
      trace.quirk("Q1", "sglang.type_grouping:" + w->name,
                  "worker " + w->name + " keeps only its " + by_type.back().first + " GPUs for the rest of the run; its " + hidden +
                      " GPUs are no longer seen (GPUStack overwrites the GPU list shared by the per-type copies)");
    }
    w->gpus = by_type.back().second;
  }
  return groups;
}

void sort_by_gpu_count(std::vector<Worker*>& workers) {
  std::stable_sort(workers.begin(), workers.end(), [](const Worker* a, const Worker* b) { return a->gpus.size() > b->gpus.size(); });
}

void WorkerPool::sort_by_gpu_count() { placement::sort_by_gpu_count(list_); }

std::string type_label(const GpuType& type) { return type ? *type : std::string("none"); }

}  // namespace placement
