// State one SGLang selector run shares between its strategies (scheduler-rules.md §3.4), mirroring
// the fields GPUStack's SGLangResourceFitSelector keeps on itself.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fit/common/data_fields.h"
#include "fit/common/hf_config.h"
#include "fit/common/shortfall.h"
#include "fit/fit_context.h"
#include "fit/sglang/gpu_selection.h"
#include "fit/sglang/sglang_parameters.h"
#include "fit/common/worker_pool.h"

namespace placement {

// u per GPU type in GPUStack's dict order: "*" (0) first, then the types the calculator covered.
// A null u is a --mem-fraction-static given as ≤ 0 (GPUStack stores None).
struct TypeUtilisation {
  std::string key;  // "*", a GPU type, or "none" for GPU-less workers
  GpuType type;     // nullopt for "*" and for "none"
  bool wildcard = false;
  std::optional<double> u;
};

// The last explanation event of each GPUStack event action (later events overwrite earlier).
struct SglangEvents {
  std::optional<DataFields> single_gpu;
  std::optional<DataFields> single_worker_multi_gpu;
  std::optional<DataFields> multi_worker;
};

struct SglangRun {
  FitContext& ctx;
  HfHyperParameters hp;
  SglangParameters params;
  SglangWorld world;
  std::optional<int> gpu_count;
  bool diffusion = false;  // image category: weights only, no fraction
  SelectionByType selection;
  WorkerPool pool;
  std::vector<TypeUtilisation> utilisation;
  Bytes vram = 0;  // the estimate
  Bytes ram = 0;   // RAM need (extended KV cache)
  SglangEvents events;
  // Kept across workers and types, as GPUStack keeps them on the selector.
  Bytes largest_multi_gpu_vram = 0;
  int largest_multi_gpu_satisfied = 0;
  int largest_multi_gpu_total = 0;

  SglangRun(FitContext& c, const std::vector<const Worker*>& workers) : ctx(c), pool(workers) {}

  // dict.get(type): nullopt when the type has no entry (or a null u).
  std::optional<double> u_of(const GpuType& type) const;
  bool has_u_entry(const GpuType& type) const;
  // GPUStack's _cal_effective_vram: VRAM / u, or VRAM itself for image models and u = 0.
  double effective_vram(const GpuType& type) const;
};

// A `vram_ratio` shortfall (§6.4): alloc/total must reach u; need = ceil(total × u).
Shortfall typed_ratio_shortfall(int gpu_index, Bytes alloc, Bytes total, double u, Bytes allocated_on_gpu);
// Marks Q3 when a GPU fails the ratio although nothing is allocated on it (only the reserve).
void mark_q3_if_reserve_only(Trace& trace, const std::string& where, const Worker& w, int gpu_index, Bytes allocated_on_gpu);
// A `ram` shortfall (§6.4): freeable when the RAM allocated elsewhere would cover it.
Shortfall typed_ram_shortfall(Bytes need, Bytes have, Bytes allocated);

// The pool's type grouping (fit/common/worker_pool.h), marking Q1 in `trace` for each worker it
// overwrites (the first grouping that meets it).
std::vector<PoolTypeGroup> group_by_gpu_type(WorkerPool& pool, Trace& trace);

}  // namespace placement
