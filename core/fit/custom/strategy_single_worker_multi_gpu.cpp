// §3.6.3: every GPU of one worker together. All GPUs with an allocatable entry take part (a full
// one included) and the request is split evenly with no per-GPU check (Q16).
#include <set>

#include "fit/custom/custom_paths.h"
#include "fit/custom/largest_worker.h"

namespace placement::custom {

namespace {

constexpr std::size_t kMinGpus = 2;

Bytes floor_div(Bytes a, Bytes b) {
  Bytes q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

// The path, filling its strategy record `rec`.
PathOutcome multi_gpu_path(FitContext& ctx, const CustomRequest& req, WorkerPool& pool, StrategyRecord& rec) {
  PathOutcome out;
  const std::string where = std::string(kSelector) + "." + kMultiGpu;
  // GPUStack's explanation follows the worker with the strictly largest allocatable sum.
  Bytes largest_sum = 0;
  std::size_t largest_count = 0;
  std::set<std::int64_t> examined, ram_short;
  long long gpus = 0, vram_short = 0;
  CustomRejections& rejections = begin_rejections(rec);
  for (const PoolTypeGroup& group : pool.group_by_gpu_type()) {
    for (const Worker* w : group.workers) {
      const std::string* usable = usable_gpu_type(ctx.trace, rec, rejections, kMultiGpu, pool, group, *w);
      if (!usable) continue;
      const std::string& type = *usable;
      const std::vector<int> devices = gpu_indexes_of_type(*w, type);
      if (devices.size() < kMinGpus) {
        rejections.add(*w, devices, kRejectGpuCount, {}, DataFields{{"need", kMinGpus}, {"have", devices.size()}});
        continue;
      }
      examined.insert(w->id);
      const Allocatable a = ctx.allocation.compute(*w, type);
      std::vector<int> indexes;
      Bytes total = 0, allocated = 0;
      for (int i : devices) {
        const Bytes* v = a.gpu(i);
        if (!v) continue;
        indexes.push_back(i);
        total += *v;
        allocated += a.allocated_gpu(i);
      }
      gpus += static_cast<long long>(indexes.size());
      const bool vram_ok = total >= req.vram && indexes.size() >= kMinGpus;
      const bool ram_ok = a.ram >= req.ram;
      if (vram_ok && ram_ok) {
        const Bytes each = floor_div(req.vram, static_cast<Bytes>(indexes.size()));
        VramMap vram;
        bool exceeds = false;
        for (int i : indexes) {
          vram.emplace_back(i, each);
          if (each > a.gpu_or_zero(i)) exceeds = true;
        }
        if (exceeds) {
          rec.add_quirk(StrategyQuirk{"Q16", std::nullopt, std::nullopt});
          ctx.trace.quirk("Q16", where, "the even split claims more than a GPU's allocatable memory; GPUStack does not check each GPU");
        }
        out.candidates.push_back(gpu_candidate(*w, type, indexes, std::move(vram), req.ram));
        out.candidates.back().scored_worker = pool.copy_of(w);
      } else {
        std::vector<Shortfall> shorts;
        if (!vram_ok) {
          shorts.push_back(custom_shortfall("vram_total", std::nullopt, req.vram, total, total + allocated >= req.vram));
          ++vram_short;
        }
        if (!ram_ok) {
          shorts.push_back(custom_shortfall("ram", std::nullopt, req.ram, a.ram, a.ram + releasable_ram(*w, a) >= req.ram));
          ram_short.insert(w->id);
        }
        rejections.add(*w, indexes, kRejectShortfall, std::move(shorts));
      }
      if (total > largest_sum) {
        largest_sum = total;
        largest_count = indexes.size();
      }
    }
  }
  rec.set_examined(StrategyExamined{examined.size(), static_cast<std::uint64_t>(gpus), 0, 0});
  rec.set_candidates_found(out.candidates.size());
  rec.list("largest_worker", std::make_shared<LargestWorker>(largest_sum, largest_count));
  const DataFields params{{"selector", kSelector}, {"strategy", kMultiGpu}};
  if (vram_short > 0) ctx.trace.summary("vram_total_short", vram_short, static_cast<long long>(examined.size()), "workers", params);
  if (!ram_short.empty()) ctx.trace.summary("ram_short", static_cast<long long>(ram_short.size()), static_cast<long long>(examined.size()), "workers", params);
  if (out.candidates.empty() && largest_count >= kMinGpus)
    out.slot = CustomSlot{kMultiGpu, {{"largest_vram", largest_sum}, {"gpu_count", largest_count}}};
  return out;
}

}  // namespace

PathOutcome find_multi_gpu(FitContext& ctx, const CustomRequest& req, WorkerPool& pool) {
  return record_strategy(ctx.trace, begin_strategy(kMultiGpu), [&](StrategyRecord& rec) { return multi_gpu_path(ctx, req, pool, rec); });
}

}  // namespace placement::custom
