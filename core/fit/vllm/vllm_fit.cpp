#include "fit/vllm/vllm_fit.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "fit/common/shared_rules.h"
#include "scenario/errors.h"

namespace placement {

std::vector<TypeGroup> TypeGrouping::group(const std::vector<const Worker*>& workers, StrategyRecord& record, Trace& trace) {
  std::vector<TypeGroup> groups;
  auto group_for = [&](const std::optional<std::string>& type) -> std::size_t {
    for (std::size_t i = 0; i < groups.size(); ++i)
      if (groups[i].type == type) return i;
    groups.push_back(TypeGroup{type, {}});
    return groups.size() - 1;
  };
  auto group_of_type = [&](const std::string& type) -> std::size_t {
    for (std::size_t i = 0; i < groups.size(); ++i)
      if (groups[i].type && *groups[i].type == type) return i;
    return group_for(type);
  };
  for (const Worker* w : workers) {
    std::vector<const GpuDevice*> gpus;
    if (const auto* o = overridden(w->id)) {
      gpus = *o;
      record.quirk(trace, "Q1", "vllm type grouping: worker " + w->name,
                   "an earlier grouping in this run left this mixed-type worker with only its " + (o->empty() ? std::string() : o->front()->type) +
                       " GPUs");
    } else {
      gpus.reserve(w->gpus.size());
      for (const auto& g : w->gpus) gpus.push_back(&g);
    }
    if (gpus.empty()) {
      groups[group_for(std::nullopt)].workers.push_back(WorkerView{w, {}});
      continue;
    }
    // Most workers hold one GPU type: their whole list is their one view.
    const std::string& first_type = gpus.front()->type;
    if (std::all_of(gpus.begin(), gpus.end(), [&](const GpuDevice* g) { return g->type == first_type; })) {
      groups[group_of_type(first_type)].workers.push_back(WorkerView{w, std::move(gpus)});
      continue;
    }
    std::vector<std::pair<std::string, std::vector<const GpuDevice*>>> by_type;
    for (const GpuDevice* g : gpus) {
      auto it = std::find_if(by_type.begin(), by_type.end(), [&](const auto& e) { return e.first == g->type; });
      if (it == by_type.end()) by_type.push_back({g->type, {g}});
      else it->second.push_back(g);
    }
    std::vector<std::pair<std::size_t, std::size_t>> placed;  // (group, position) of this worker's copies
    for (const auto& [type, list] : by_type) {
      std::size_t gi = group_for(type);
      groups[gi].workers.push_back(WorkerView{w, list});
      placed.emplace_back(gi, groups[gi].workers.size() - 1);
    }
    if (by_type.size() > 1) {
      // The copies share one status object: the last assignment is what every copy sees.
      const auto& last = by_type.back().second;
      for (auto [gi, pos] : placed) groups[gi].workers[pos].gpus = last;
      overridden_[w->id] = last;
      record.quirk(trace, "Q1", "vllm type grouping: worker " + w->name,
                   "mixed-type worker keeps only its " + by_type.back().first +
                       " GPUs in every type group (and in every later grouping of this run)");
    }
  }
  return groups;
}

const std::vector<const GpuDevice*>* TypeGrouping::overridden(std::int64_t worker_id) const {
  auto it = overridden_.find(worker_id);
  return it == overridden_.end() ? nullptr : &it->second;
}

const Allocatable& VllmFit::alloc(const Worker& worker, const std::optional<std::string>& type) {
  auto& entries = alloc_cache_[worker.id];
  for (const CachedAllocatable& e : entries)
    if (e.type == type) return e.allocatable;
  entries.push_front(CachedAllocatable{type, ctx.allocation.compute(worker, type)});
  return entries.front().allocatable;
}

TpCheck VllmFit::tp(long long n) const {
  constexpr long long kCached = 64;  // GPU counts of one worker or a few; larger ones are rare
  if (n < 0 || n >= kCached) return tp_ok(hp, n, ctx.params, VisionRule::vllm);
  if (tp_cache_.empty()) tp_cache_.resize(kCached);
  std::optional<TpCheck>& cached = tp_cache_[static_cast<std::size_t>(n)];
  if (!cached) cached = tp_ok(hp, n, ctx.params, VisionRule::vllm);
  return *cached;
}

ResourceClaim vllm_claim(const Model& model, VramMap vram) {
  ResourceClaim c;
  c.ram = claim_ram(model, vram);
  c.vram = std::move(vram);
  c.vram_present = true;
  c.is_unified_memory = false;
  return c;
}

double alloc_ratio(const Worker& worker, const GpuDevice& gpu, Bytes alloc) {
  if (gpu.memory_total == 0)
    throw ReferenceError("fit",
                         "GPU " + worker.name + ":" + gpu.type + ":" + std::to_string(gpu.index) +
                             " reports memory.total 0; GPUStack divides the allocatable VRAM by it and fails",
                         Json{{"worker", worker.name}, {"gpu_type", gpu.type}, {"gpu_index", gpu.index}});
  return static_cast<double>(alloc) / static_cast<double>(gpu.memory_total);
}

Json gib_value(double bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", bytes / static_cast<double>(kGiB));
  return std::strtod(buf, nullptr);
}

}  // namespace placement
