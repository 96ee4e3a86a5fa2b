#include "fit/vllm/vllm_fit.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "fit/common/shared_rules.h"
#include "scenario/errors.h"

namespace placement {

std::vector<PoolTypeGroup> group_by_gpu_type(WorkerPool& pool, StrategyRecorder& record, Trace& trace) {
  std::vector<OverwrittenWorker> overwritten;
  std::vector<PoolTypeGroup> groups = pool.group_by_gpu_type(&overwritten);
  for (const OverwrittenWorker& o : overwritten)
    record.quirk(trace, "Q1", "vllm type grouping: worker " + o.worker->name,
                 "mixed-type worker keeps only its " + o.kept_type + " GPUs in every type group (and in every later grouping of this run)");
  return groups;
}

DataFields hidden_type_note(StrategyRecorder& record, Trace& trace, const std::string& strategy, const Worker& w, const GpuType& type) {
  const std::string& kept = w.gpus.front().type;
  record.quirk(trace, "Q1", "vllm " + strategy + ": worker " + w.name + " in the " + type_label(type) + " group",
               "the worker's GPU list holds only its " + kept + " GPUs, so its allocatable VRAM for " + type_label(type) +
                   " reads 0 on every GPU");
  return DataFields{{"quirk", "Q1"}, {"gpu_type", type_label(type)}, {"kept_type", kept}, {"allocatable", "0: no GPU of this type left"}};
}

void add_note(Rejection& r, const DataFields& note) {
  if (r.shared_fields) {
    r.fields = *r.shared_fields;
    r.shared_fields.reset();
  }
  for (const DataField& f : note.fields()) r.fields.set(f);
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
                         DataFields{{"worker", worker.name}, {"gpu_type", gpu.type}, {"gpu_index", gpu.index}});
  return static_cast<double>(alloc) / static_cast<double>(gpu.memory_total);
}

}  // namespace placement
