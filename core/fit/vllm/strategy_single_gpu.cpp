// vLLM single-GPU strategy (scheduler-rules.md §3.3.5): every GPU that holds the estimate within its
// gmu share, and whose free fraction reaches gmu, is a candidate of its own.
#include "fit/common/shared_rules.h"
#include "fit/vllm/vllm_fit.h"

namespace placement {

namespace {

// A rejection's data depends only on which rules failed (gmu is the fit's): built once each.
struct RejectionData {
  std::shared_ptr<const DataFields> by_rules[4];

  const std::shared_ptr<const DataFields>& get(double gmu, bool exceeds_vram, bool exceeds_ratio) {
    auto& d = by_rules[(exceeds_vram ? 1 : 0) + (exceeds_ratio ? 2 : 0)];
    if (!d) {
      DataFields data;
      if (exceeds_vram) data.set(DataField{"rule", gmu > 0 ? "estimate <= total x gmu" : "estimate <= allocatable"});
      if (exceeds_ratio) data.set(DataField{"gmu", gmu});
      d = std::make_shared<const DataFields>(std::move(data));
    }
    return d;
  }
};

// Records why one GPU is not a candidate; both failing rules get a shortfall. `hidden`: the Q1
// note when the GPU is seen from another type's group (nothing there is allocatable or freeable).
void reject_gpu(VllmFit& fit, StrategyRecorder& rec, RejectionData& data, const Worker& w, const GpuDevice& gpu, Bytes alloc,
                bool exceeds_vram, bool exceeds_ratio, const DataFields& hidden) {
  const double gmu = fit.s.gmu.value;
  Rejection& r = rec.reject(w, {gpu.index}, exceeds_vram ? "vram" : "vram_ratio", "gpus");
  r.shared_fields = data.get(gmu, exceeds_vram, exceeds_ratio);
  const Bytes capacity = hidden.empty() ? gpu_capacity(w, gpu) : 0;
  if (exceeds_vram) {
    if (gmu > 0) {
      // The estimate must fit the gmu share of the whole card: freeing claims cannot help.
      const Bytes share = static_cast<Bytes>(static_cast<double>(gpu.memory_total) * gmu);
      r.shortfalls.push_back(make_shortfall("vram", fit.s.vram, share, share, gpu.index));
    } else {
      r.shortfalls.push_back(make_shortfall("vram", fit.s.vram, alloc, capacity, gpu.index));
    }
  }
  if (exceeds_ratio) {
    r.shortfalls.push_back(
        make_shortfall("vram_ratio", least_alloc_passing_ratio(gpu.memory_total, gmu, false), alloc, capacity, gpu.index));
    if (hidden.empty() && fit.ctx.allocation.allocated_on_gpu(w, gpu.index) == 0)
      rec.quirk(fit.ctx.trace, "Q3", "vllm single_gpu: " + w.name + " GPU " + std::to_string(gpu.index),
                "nothing is allocated, but the reserve alone keeps allocatable/total below gmu");
  }
  if (!hidden.empty()) add_note(r, hidden);
}

// Whether one GPU holds the estimate within its gmu share, and whether its free fraction reaches gmu.
struct GpuVerdict {
  bool exceeds_vram = false;
  bool exceeds_ratio = false;
  bool fits() const { return !exceeds_vram && !exceeds_ratio; }
};

GpuVerdict judge_gpu(const VllmFit& fit, const GpuDevice& gpu, Bytes alloc, double ratio) {
  const double gmu = fit.s.gmu.value;
  const double share = static_cast<double>(gpu.memory_total) * gmu;
  return {gmu > 0 ? static_cast<double>(fit.s.vram) > share : fit.s.vram > alloc, gmu > 0 && ratio < gmu};
}

// The single-GPU walk, written once for counting and for recording: each worker with GPUs in each
// type group, `worker(w, type, a)` first; then `ram_short(w, a)` and nothing more when its RAM is
// short, else `gpu(w, gpu, alloc, ratio, verdict)` for each GPU and `done(w)`.
template <class OnWorker, class OnRamShort, class OnGpu, class OnDone>
void walk_gpus(VllmFit& fit, const std::vector<PoolTypeGroup>& groups, OnWorker&& worker, OnRamShort&& ram_short_at,
               OnGpu&& gpu_at, OnDone&& done) {
  for (const PoolTypeGroup& group : groups)
    for (const Worker* wp : group.workers) {
      if (wp->gpus.empty()) continue;
      const Worker& w = *wp;
      const Allocatable& a = fit.alloc(w, group.type);
      worker(w, group.type, a);
      if (ram_short(fit.s.ram, a)) {
        ram_short_at(w, a);
        continue;
      }
      for (const GpuDevice& gpu : w.gpus) {
        const Bytes alloc = a.gpu_or_zero(gpu.index);
        const double ratio = alloc_ratio(w, gpu, alloc);
        gpu_at(w, gpu, alloc, ratio, judge_gpu(fit, gpu, alloc, ratio));
      }
      done(w);
    }
}

}  // namespace

std::vector<Candidate> run_single_gpu(VllmFit& fit, StrategyRecorder& rec) {
  const Model& model = fit.ctx.model;
  const double gmu = fit.s.gmu.value;
  std::vector<Candidate> all;
  RejectionData rejection_data;
  struct NoteFigures {
    Bytes vram;
    double ratio;
  };
  std::optional<NoteFigures> note;  // the running figures at the last worker without a candidate
  const std::vector<PoolTypeGroup> groups = group_by_gpu_type(fit.pool, rec, fit.ctx.trace);
  // Counted first, so both lists get their exact room: room for one of each per GPU would leave
  // most of it allocated and unused for the rest of the run.
  std::size_t candidates = 0, rejections = 0;
  walk_gpus(
      fit, groups, [](const Worker&, const GpuType&, const Allocatable&) {},
      [&](const Worker&, const Allocatable&) { ++rejections; },
      [&](const Worker&, const GpuDevice&, Bytes, double, const GpuVerdict& verdict) {
        ++(verdict.fits() ? candidates : rejections);
      },
      [](const Worker&) {});
  all.reserve(candidates);
  rec.expect_rejections(rejections);

  DataFields hidden;
  std::size_t found = 0;
  walk_gpus(
      fit, groups,
      [&](const Worker& w, const GpuType& type, const Allocatable&) {
        rec.examined_worker();
        hidden = hidden_in_group(w, type) ? hidden_type_note(rec, fit.ctx.trace, "single_gpu", w, type) : DataFields();
        found = 0;
      },
      [&](const Worker& w, const Allocatable& a) {
        // GPUStack skips the worker here without leaving a note.
        rec.reject(w, {}, "ram", "workers").shortfalls.push_back(make_shortfall("ram", fit.s.ram, a.ram, ram_capacity(w)));
      },
      [&](const Worker& w, const GpuDevice& gpu, Bytes alloc, double ratio, const GpuVerdict& verdict) {
        rec.examined_gpus(1);
        if (alloc > fit.largest_single_gpu_vram) {
          fit.largest_single_gpu_vram = alloc;
          fit.largest_single_gpu_ratio = ratio;
        }
        if (!verdict.fits()) {
          reject_gpu(fit, rec, rejection_data, w, gpu, alloc, verdict.exceeds_vram, verdict.exceeds_ratio, hidden);
          return;
        }
        const Bytes claim = gmu > 0 ? static_cast<Bytes>(static_cast<double>(gpu.memory_total) * gmu) : fit.s.vram;
        Candidate c;
        c.worker_id = w.id;
        c.worker_name = w.name;
        c.gpu_type = gpu.type;  // the device's own type (differs from the group's under Q1)
        c.gpu_indexes = std::vector<int>{gpu.index};
        c.claim = vllm_claim(model, VramMap{{gpu.index, claim}});
        c.scored_worker = fit.pool.copy_of(&w);
        all.push_back(std::move(c));
        ++found;
      },
      [&](const Worker&) {
        // GPUStack rewrites its note at every worker without a candidate: the last one stands.
        if (found == 0) note = NoteFigures{fit.largest_single_gpu_vram, fit.largest_single_gpu_ratio};
      });
  if (note) {
    DataFields v{{"largest_alloc", note->vram}, {"largest_alloc_gib", round_to_gib(static_cast<double>(note->vram))}, {"gmu", gmu}};
    if (gmu != 0) v.set({"largest_alloc_percent", note->ratio * 100});
    fit.single_gpu_event = VllmEvent{"single_gpu", std::move(v)};
  }
  return all;
}

}  // namespace placement
