// §3.6.2: one GPU that alone holds the whole VRAM request, on a worker with enough RAM; every
// such GPU is a candidate. Allocatable memory is read per GPU type.
#include <set>

#include "fit/custom/custom_paths.h"

namespace placement::custom {

namespace {

// The path, filling its strategy record `rec`.
PathOutcome single_gpu_path(FitContext& ctx, const CustomRequest& req, WorkerPool& pool, StrategyRecord& rec) {
  PathOutcome out;
  Bytes largest = 0;
  std::set<std::int64_t> examined, ram_short;
  long long gpus = 0, vram_short = 0;
  CustomRejections& rejections = begin_rejections(rec);
  for (const PoolTypeGroup& group : pool.group_by_gpu_type()) {
    for (const Worker* w : group.workers) {
      const std::string* usable = usable_gpu_type(ctx.trace, rec, rejections, kSingleGpu, pool, group, *w);
      if (!usable) continue;
      const std::string& type = *usable;
      examined.insert(w->id);
      const Allocatable a = ctx.allocation.compute(*w, type);
      const bool ram_ok = a.ram >= req.ram;
      for (const GpuDevice& gpu : w->gpus) {
        if (gpu.type != type) continue;
        const Bytes* v = a.gpu(gpu.index);
        if (!v) continue;
        ++gpus;
        if (*v >= req.vram && ram_ok) {
          out.candidates.push_back(gpu_candidate(*w, type, {gpu.index}, VramMap{{gpu.index, req.vram}}, req.ram));
          out.candidates.back().scored_worker = pool.copy_of(w);
        } else {
          std::vector<Shortfall> shorts;
          if (*v < req.vram) {
            shorts.push_back(custom_shortfall("vram", gpu.index, req.vram, *v, *v + a.allocated_gpu(gpu.index) >= req.vram));
            ++vram_short;
          }
          if (!ram_ok) {
            shorts.push_back(custom_shortfall("ram", std::nullopt, req.ram, a.ram, a.ram + releasable_ram(*w, a) >= req.ram));
            ram_short.insert(w->id);
          }
          rejections.add(*w, std::vector<int>{gpu.index}, kRejectShortfall, std::move(shorts));
        }
        largest = std::max(largest, *v);
      }
    }
  }
  rec.set_examined(StrategyExamined{examined.size(), static_cast<std::uint64_t>(gpus), 0, 0});
  rec.set_candidates_found(out.candidates.size());
  rec.extra("largest_gpu_allocatable", largest);
  const DataFields params{{"selector", kSelector}, {"strategy", kSingleGpu}};
  if (vram_short > 0) ctx.trace.summary("vram_short", vram_short, gpus, "gpus", params);
  if (!ram_short.empty()) ctx.trace.summary("ram_short", static_cast<long long>(ram_short.size()), static_cast<long long>(examined.size()), "workers", params);
  if (out.candidates.empty()) out.slot = CustomSlot{kSingleGpu, {{"largest_vram", largest}}};
  return out;
}

}  // namespace

PathOutcome find_single_gpu(FitContext& ctx, const CustomRequest& req, WorkerPool& pool) {
  return record_strategy(ctx.trace, begin_strategy(kSingleGpu), [&](StrategyRecord& rec) { return single_gpu_path(ctx, req, pool, rec); });
}

}  // namespace placement::custom
