// State shared by the vLLM strategies of one run (scheduler-rules.md §3.3): the settings read once,
// the allocatable cache, the worker pool GPUStack's type grouping overwrites (Q1), and the
// explanation events each strategy leaves for §6.9.
#pragma once

#include <forward_list>
#include <map>
#include <unordered_map>
#include <optional>
#include <string>
#include <vector>

#include "fit/common/hf_config.h"
#include "fit/common/rejection_codes.h"
#include "fit/common/shared_rules.h"
#include "fit/common/worker_pool.h"
#include "fit/fit_context.h"
#include "fit/vllm/record.h"
#include "fit/vllm/vllm_parameters.h"

namespace placement {

// Multi-worker: a type group's combination needs more GPUs than gpu_count (the group is abandoned,
// its remaining workers not examined).
inline constexpr const char* kStopGpuCountExceeded = "gpu_count_exceeded";

// GPUStack's type grouping over the fit's pool (fit/common/worker_pool.h), marking Q1 in the
// strategy record for each mixed worker it overwrites.
std::vector<PoolTypeGroup> group_by_gpu_type(WorkerPool& pool, StrategyRecorder& record, Trace& trace);

// A worker listed in a group of a type its (overwritten) GPU list no longer holds: GPUStack's
// allocatable routine finds no GPU of that type, so every free-memory figure there reads 0 (Q1).
// Marks the quirk once per strategy and worker and returns the note its rejections carry.
DataFields hidden_type_note(StrategyRecorder& record, Trace& trace, const std::string& strategy, const Worker& w, const GpuType& type);
void add_note(Rejection& r, const DataFields& note);  // merges the note into the rejection's data

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
  DataFields values;
};

struct VllmFit {
  VllmFit(FitContext& context, HfHyperParameters hyper) : ctx(context), hp(std::move(hyper)), pool(context.workers) {}

  FitContext& ctx;
  HfHyperParameters hp;
  VllmSettings s;
  WorkerPool pool;  // the filtered workers; mixed ones overwritten by the first grouping (Q1)

  // Last event per strategy (GPUStack's collector keeps one message per action).
  std::optional<VllmEvent> single_gpu_event, multi_gpu_event, multi_worker_event;

  // Running figures GPUStack keeps across workers for its notes (single GPU; multi GPU, Q15).
  Bytes largest_single_gpu_vram = 0;
  double largest_single_gpu_ratio = 0;
  Bytes largest_multi_gpu_vram = 0;
  long long largest_multi_gpu_total = 0;  // a GPU count, compared with bytes (Q15)
  long long largest_multi_gpu_satisfied = 0;

  // Allocatable memory of a pool worker for one type, from the GPU list the pool holds (Q1).
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

std::vector<Candidate> run_single_gpu(VllmFit& fit, StrategyRecorder& record);
std::vector<Candidate> run_single_worker_multi_gpu(VllmFit& fit, StrategyRecorder& record);
std::vector<Candidate> run_multi_worker(VllmFit& fit, StrategyRecorder& record);

// §6.9 slots: the requirement line and the explanation of a run without candidates.
DataFields vllm_requirement_values(const VllmFit& fit);

}  // namespace placement
