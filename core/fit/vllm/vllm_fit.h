// State shared by the vLLM strategies of one run (scheduler-rules.md §3.3): the settings read once,
// the allocatable cache, GPUStack's type grouping with its in-place quirk (Q1), and the
// explanation events each strategy leaves for §6.9.
#pragma once

#include <forward_list>
#include <map>
#include <unordered_map>
#include <optional>
#include <string>
#include <vector>

#include "fit/common/hf_config.h"
#include "fit/common/shared_rules.h"
#include "fit/fit_context.h"
#include "fit/vllm/strategy_record.h"
#include "fit/vllm/vllm_parameters.h"

namespace placement {

// A worker as one type group sees it: GPUStack hands each group a shallow copy whose GPU list it
// overwrites, so a mixed worker's copies all end up with the last type's GPUs (Q1).
struct WorkerView {
  const Worker* worker = nullptr;
  std::vector<const GpuDevice*> gpus;
};

struct TypeGroup {
  std::optional<std::string> type;  // nullopt: workers without GPUs
  std::vector<WorkerView> workers;
};

// GPUStack's group_workers_by_gpu_type, including the lasting effect of the overwrite: once a
// mixed worker has been grouped, later groupings in the same run see only its last type.
class TypeGrouping {
 public:
  std::vector<TypeGroup> group(const std::vector<const Worker*>& workers, StrategyRecord& record, Trace& trace);
  const std::vector<const GpuDevice*>* overridden(std::int64_t worker_id) const;

 private:
  std::map<std::int64_t, std::vector<const GpuDevice*>> overridden_;
};

struct VllmSettings {
  VllmWorldSize world;
  int gpu_count = 0;  // 0 = not set (GPUStack's falsy _gpu_count)
  VllmExecutorChoice executor;
  VllmGmu gmu;
  Bytes vram = 0;  // §3.1.1 estimate
  Bytes ram = 0;   // §3.1.2 need
  bool distributed = true;
};

// An explanation event: the §6.9 slot a strategy would show if nothing fits.
struct VllmEvent {
  std::string key;
  Json values;
};

struct VllmFit {
  VllmFit(FitContext& context, HfHyperParameters hyper) : ctx(context), hp(std::move(hyper)) {}

  FitContext& ctx;
  HfHyperParameters hp;
  VllmSettings s;
  TypeGrouping grouping;

  // Last event per strategy (GPUStack's collector keeps one message per action).
  std::optional<VllmEvent> single_gpu_event, multi_gpu_event, multi_worker_event;

  // Running figures GPUStack keeps across workers for its notes (single GPU; multi GPU, Q15).
  Bytes largest_single_gpu_vram = 0;
  double largest_single_gpu_ratio = 0;
  Bytes largest_multi_gpu_vram = 0;
  long long largest_multi_gpu_total = 0;  // a GPU count, compared with bytes (Q15)
  long long largest_multi_gpu_satisfied = 0;

  const Allocatable& alloc(const Worker& worker, const std::optional<std::string>& type);
  TpCheck tp(long long n) const;

 private:
  // tp(n) per GPU count (it reads backend parameters by name, and the walks ask it per GPU added).
  mutable std::vector<std::optional<TpCheck>> tp_cache_;

  // Per worker id, one entry per GPU type asked for (few): lookups only, never iterated for
  // output. forward_list keeps returned references valid when a later type is added.
  struct CachedAllocatable {
    std::optional<std::string> type;
    Allocatable allocatable;
  };
  std::unordered_map<std::int64_t, std::forward_list<CachedAllocatable>> alloc_cache_;
};

// The claim dict → a vLLM claim (is_unified_memory false as GPUStack's default; RAM per §3.1.3).
ResourceClaim vllm_claim(const Model& model, VramMap vram);

// alloc / total as GPUStack divides it: a GPU reporting memory.total 0 raises (§7.2).
double alloc_ratio(const Worker& worker, const GpuDevice& gpu, Bytes alloc);

std::vector<Candidate> run_single_gpu(VllmFit& fit, StrategyRecord& record);
std::vector<Candidate> run_single_worker_multi_gpu(VllmFit& fit, StrategyRecord& record);
std::vector<Candidate> run_multi_worker(VllmFit& fit, StrategyRecord& record);

// §6.9 slots: the requirement line and the explanation of a run without candidates.
Json vllm_requirement_values(const VllmFit& fit);
Json gib_value(double bytes);  // GPUStack's byte_to_gib: round(bytes / 2^30, 2)

}  // namespace placement
