#include "fit/common/worker_pool.h"

#include <algorithm>

namespace placement {

WorkerPool::WorkerPool(const std::vector<const Worker*>& workers) : list_(workers) {}

std::vector<PoolTypeGroup> WorkerPool::group_by_gpu_type(std::vector<OverwrittenWorker>* overwritten) {
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
      auto copy = std::make_shared<Worker>(*w);
      std::vector<GpuDevice> kept;
      for (const GpuDevice& g : copy->gpus)
        if (g.type == types.back()) kept.push_back(g);
      copy->gpus = std::move(kept);
      copies_.push_back(Copy{copy, w});
      w = copy.get();
    }
    for (const std::string& type : types) group_of(type).workers.push_back(w);
    if (types.size() > 1 && overwritten) {
      const std::string kept_type = types.back();
      types.pop_back();
      overwritten->push_back(OverwrittenWorker{w, kept_type, std::move(types)});
    }
  }
  return groups;
}

std::shared_ptr<const Worker> WorkerPool::copy_of(const Worker* w) const {
  for (const Copy& c : copies_)
    if (c.worker.get() == w) return c.worker;
  return nullptr;
}

const Worker& WorkerPool::original(const Worker* w) const {
  for (const Copy& c : copies_)
    if (c.worker.get() == w) return *c.original;
  return *w;
}

bool hidden_in_group(const Worker& w, const GpuType& group_type) {
  return group_type && !w.gpus.empty() && w.gpus.front().type != *group_type;
}

void sort_by_gpu_count(std::vector<const Worker*>& workers) {
  std::stable_sort(workers.begin(), workers.end(), [](const Worker* a, const Worker* b) { return a->gpus.size() > b->gpus.size(); });
}

GpuCountGroups group_by_gpu_count(std::vector<const Worker*> workers) {
  sort_by_gpu_count(workers);
  GpuCountGroups by_count;
  for (const Worker* w : workers) {
    if (w->gpus.empty()) continue;
    auto it = std::find_if(by_count.begin(), by_count.end(), [&](const auto& e) { return e.first == w->gpus.size(); });
    if (it == by_count.end()) by_count.push_back({w->gpus.size(), {w}});
    else it->second.push_back(w);
  }
  return by_count;
}

void WorkerPool::sort_by_gpu_count() { placement::sort_by_gpu_count(list_); }

std::string type_label(const GpuType& type) { return type ? *type : std::string("none"); }

}  // namespace placement
