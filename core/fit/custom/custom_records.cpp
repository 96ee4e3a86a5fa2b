#include "fit/custom/custom_paths.h"

namespace placement::custom {

StrategyRecord begin_strategy(const std::string& strategy) { return begin_strategy_record(kSelector, strategy, "tried"); }

void skip_strategy(Trace& trace, const std::string& strategy, const std::string& code, DataFields data) {
  commit_strategy(trace, skip_strategy_record(kSelector, strategy, code, std::move(data)));
}

void not_reached(Trace& trace, const std::string& strategy) {
  commit_strategy(trace, begin_strategy_record(kSelector, strategy, "not_reached"));
}

const std::string* usable_gpu_type(Trace& trace, StrategyRecord& rec, CustomRejections& rejections, const char* strategy,
                                   const WorkerPool& pool, const PoolTypeGroup& group, const Worker& w) {
  if (!group.type) {
    rejections.add(w, std::nullopt, kRejectNoGpus);
    return nullptr;
  }
  const std::string& type = *group.type;
  if (!hidden_in_group(w, group.type)) return &type;
  // GPUStack finds no allocatable GPU of this type on the overwritten list (Q1).
  const Worker& original = pool.original(&w);
  rejections.add(original, gpu_indexes_of_type(original, type), kRejectNoGpus, {},
                 DataFields{{"gpu_type", type}, {"quirk", "Q1"}, {"kept_type", w.gpus.front().type}});
  rec.add_quirk(StrategyQuirk{"Q1", std::nullopt, std::nullopt});
  trace.quirk("Q1", std::string(kSelector) + "." + strategy,
              "a mixed worker keeps only its last-appearing GPU type's devices; its other types' GPUs are not usable");
  return nullptr;
}

std::vector<int> gpu_indexes_of_type(const Worker& w, const std::string& type) {
  std::vector<int> out;
  for (const GpuDevice& g : w.gpus)
    if (g.type == type) out.push_back(g.index);
  return out;
}

Bytes releasable_ram(const Worker& w, const Allocatable& a) {
  return a.allocated_ram + (w.is_unified_memory ? vram_sum(a.allocated_vram) : 0);
}

Candidate gpu_candidate(const Worker& w, const std::string& type, std::vector<int> indexes, VramMap vram, Bytes ram) {
  Candidate c;
  c.worker_id = w.id;
  c.worker_name = w.name;
  c.gpu_type = type;
  c.gpu_indexes = std::move(indexes);
  c.claim.ram = ram;
  c.claim.vram = std::move(vram);
  c.claim.vram_present = true;
  c.claim.is_unified_memory = false;  // GPUStack's claim default; Custom never sets it
  return c;
}

}  // namespace placement::custom
