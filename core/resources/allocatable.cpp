#include "resources/allocatable.h"

#include <algorithm>

namespace placement {

namespace {

void add_to(VramMap& map, int index, Bytes amount) {
  for (auto& [k, v] : map)
    if (k == index) {
      v += amount;
      return;
    }
  map.emplace_back(index, amount);
}

void set_in(VramMap& map, int index, Bytes amount) {
  for (auto& [k, v] : map)
    if (k == index) {
      v = amount;  // a repeated index (two types) keeps its position and the later value
      return;
    }
  map.emplace_back(index, amount);
}

}  // namespace

AllocationIndex::AllocationIndex(const std::vector<const ModelInstance*>& instances) { build(instances); }

AllocationIndex::AllocationIndex(const std::vector<ModelInstance>& instances) {
  std::vector<const ModelInstance*> ptrs;
  ptrs.reserve(instances.size());
  for (const auto& i : instances) ptrs.push_back(&i);
  build(ptrs);
}

void AllocationIndex::build(const std::vector<const ModelInstance*>& instances) {
  for (const ModelInstance* inst : instances) add(*inst);
}

void AllocationIndex::add(const ModelInstance& instance) {
  const ModelInstance* inst = &instance;
  // Each worker the instance touches once: the main worker, then subordinates not seen before.
  if (inst->worker_id) by_worker_[*inst->worker_id].push_back(inst);
  const auto& subs = inst->subordinate_workers;
  for (auto sub = subs.begin(); sub != subs.end(); ++sub) {
    if (!sub->worker_id || (inst->worker_id && *inst->worker_id == *sub->worker_id)) continue;
    if (std::any_of(subs.begin(), sub, [&](const auto& earlier) { return earlier.worker_id == sub->worker_id; })) continue;
    by_worker_[*sub->worker_id].push_back(inst);
  }
}

const std::vector<const ModelInstance*>& AllocationIndex::instances_on(std::int64_t worker_id) const {
  auto it = by_worker_.find(worker_id);
  return it == by_worker_.end() ? empty_ : it->second;
}

Allocatable AllocationIndex::compute(const Worker& worker, const std::optional<std::string>& gpu_type) const {
  Allocatable a;
  a.vram.reserve(worker.gpus.size());
  const std::vector<const ModelInstance*>& on_worker = instances_on(worker.id);
  if (!on_worker.empty()) a.allocated_vram.reserve(worker.gpus.size());
  for (const ModelInstance* inst : on_worker) {
    const bool main = inst->worker_id && *inst->worker_id == worker.id;
    if (main) {
      const bool type_ok = !gpu_type || !inst->gpu_type || *inst->gpu_type == *gpu_type;
      if (type_ok && inst->claim) {
        a.allocated_ram += inst->claim->ram.value_or(0);
        if (inst->gpu_indexes && !inst->gpu_indexes->empty())
          for (const auto& [index, bytes] : inst->claim->vram) add_to(a.allocated_vram, index, bytes);
      }
    }
    for (const auto& sub : inst->subordinate_workers) {
      if (!sub.worker_id || *sub.worker_id != worker.id || !sub.claim) continue;
      if (gpu_type && (!inst->gpu_type || *inst->gpu_type != *gpu_type)) continue;
      for (const auto& [index, bytes] : sub.claim->vram) add_to(a.allocated_vram, index, bytes);
    }
  }
  for (const GpuDevice& gpu : worker.gpus) {
    if (gpu_type && gpu.type != *gpu_type) continue;
    Bytes v = gpu.memory_total - a.allocated_gpu(gpu.index) - worker.reserved_vram;
    set_in(a.vram, gpu.index, std::max<Bytes>(v, 0));
  }
  a.ram = std::max<Bytes>(worker.memory_total - a.allocated_ram - worker.reserved_ram, 0);
  if (worker.is_unified_memory) {
    a.ram = std::max<Bytes>(a.ram - worker.reserved_vram - vram_sum(a.allocated_vram), 0);
    if (!a.vram.empty()) {
      Bytes* v0 = nullptr;
      for (auto& [k, v] : a.vram)
        if (k == 0) v0 = &v;
      if (v0) *v0 = std::min(a.ram, *v0);
      else a.uma_missing_index0 = true;
    }
  }
  return a;
}

Bytes AllocationIndex::allocated_on_gpu(const Worker& worker, int index) const {
  Bytes total = 0;
  for (const ModelInstance* inst : instances_on(worker.id)) {
    const bool main = inst->worker_id && *inst->worker_id == worker.id;
    if (main && inst->claim && inst->gpu_indexes && !inst->gpu_indexes->empty())
      for (const auto& [i, bytes] : inst->claim->vram)
        if (i == index) total += bytes;
    for (const auto& sub : inst->subordinate_workers) {
      if (!sub.worker_id || *sub.worker_id != worker.id || !sub.claim) continue;
      for (const auto& [i, bytes] : sub.claim->vram)
        if (i == index) total += bytes;
    }
  }
  return total;
}

}  // namespace placement
