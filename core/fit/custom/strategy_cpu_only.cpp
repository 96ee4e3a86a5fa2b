// §3.6.4: with cpu_offloading, every worker whose RAM holds the RAM request runs on CPU alone.
// RAM is read without a GPU type, as GPUStack does here.
#include "fit/custom/custom_paths.h"

namespace placement::custom {

namespace {

// The path, filling its strategy record `rec`.
PathOutcome cpu_only_path(FitContext& ctx, const CustomRequest& req, WorkerPool& pool, StrategyRecord& rec) {
  PathOutcome out;
  long long short_workers = 0;
  CustomRejections& rejections = begin_rejections(rec);
  for (const Worker* w : pool.list()) {
    // RAM does not depend on the GPU list; the scorers see the list the grouping left (Q1).
    const Allocatable a = ctx.allocation.compute(*w);
    if (a.ram >= req.ram) {
      Candidate c;
      c.worker_id = w->id;
      c.worker_name = w->name;
      c.claim.ram = req.ram;
      c.claim.vram_present = true;  // `{}`: no VRAM
      c.claim.is_unified_memory = false;
      c.scored_worker = pool.copy_of(w);
      out.candidates.push_back(std::move(c));
    } else {
      ++short_workers;
      rejections.add(*w, std::nullopt, kRejectShortfall,
                     {custom_shortfall("ram", std::nullopt, req.ram, a.ram, a.ram + releasable_ram(*w, a) >= req.ram)});
    }
  }
  rec.set_examined(StrategyExamined{ctx.workers.size(), 0, 0, 0});
  rec.set_candidates_found(out.candidates.size());
  if (short_workers > 0) {
    ctx.trace.summary("ram_short", short_workers, static_cast<long long>(ctx.workers.size()), "workers",
                      DataFields{{"selector", kSelector}, {"strategy", kCpuOnly}});
    // GPUStack records the CPU-only event whenever a worker lacks the RAM, candidates or not.
    out.slot = CustomSlot{kCpuOnly, {{"ram", req.ram}}};
  }
  return out;
}

}  // namespace

PathOutcome find_cpu_only(FitContext& ctx, const CustomRequest& req, WorkerPool& pool) {
  return record_strategy(ctx.trace, begin_strategy(kCpuOnly), [&](StrategyRecord& rec) { return cpu_only_path(ctx, req, pool, rec); });
}

}  // namespace placement::custom
