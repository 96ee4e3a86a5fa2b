// vLLM single-worker multi-GPU strategy (scheduler-rules.md §3.3.6): on one worker, add the GPUs whose
// free fraction is strictly above gmu (Q2), largest first, until a tp-divisible count holds the
// estimate; the candidates with the fewest GPUs win.
#include <algorithm>
#include <map>

#include "fit/common/shared_rules.h"
#include "fit/vllm/vllm_fit.h"

namespace placement {

namespace {

struct WorkerScan {
  Bytes total_alloc = 0;
  std::vector<std::pair<const GpuDevice*, Bytes>> eligible;  // (gpu, alloc)
};

// Which GPUs pass `alloc / total > gmu`; rejects the others with their shortfall. `data` is the
// rejections' shared data; `hidden` the Q1 note when the worker is seen from another type's group.
WorkerScan scan_gpus(VllmFit& fit, StrategyRecorder& rec, const Worker& w, const Allocatable& a,
                     const std::shared_ptr<const DataFields>& data, const DataFields& hidden) {
  const double gmu = fit.s.gmu.value;
  WorkerScan scan;
  scan.eligible.reserve(w.gpus.size());
  for (const GpuDevice& device : w.gpus) {
    const GpuDevice* gpu = &device;
    const Bytes alloc = a.gpu_or_zero(gpu->index);
    scan.total_alloc += alloc;
    const double ratio = alloc_ratio(w, *gpu, alloc);
    if (ratio > gmu) {
      scan.eligible.emplace_back(gpu, alloc);
      continue;
    }
    Rejection& r = rec.reject(w, {gpu->index}, "vram_ratio", "gpus");
    r.shared_fields = data;
    const Bytes capacity = hidden.empty() ? gpu_capacity(w, *gpu) : 0;
    r.shortfalls.push_back(
        make_shortfall("vram_ratio", least_alloc_passing_ratio(gpu->memory_total, gmu, true), alloc, capacity, gpu->index));
    if (!hidden.empty()) {
      add_note(r, hidden);
      continue;
    }
    if (ratio == gmu)
      rec.quirk(fit.ctx.trace, "Q2", "vllm single_worker_multi_gpu: " + w.name + " GPU " + std::to_string(gpu->index),
                "free fraction exactly equal to gmu is excluded here (strict >), accepted elsewhere (>=)");
  }
  return scan;
}

// Largest allocatable first, ties in device order (Python's stable sort). Insertion sort: a
// worker has a handful of GPUs, and std::stable_sort takes a heap buffer per call.
void sort_largest_first(std::vector<std::pair<const GpuDevice*, Bytes>>& eligible) {
  for (std::size_t i = 1; i < eligible.size(); ++i) {
    for (std::size_t j = i; j > 0 && eligible[j - 1].second < eligible[j].second; --j) std::swap(eligible[j - 1], eligible[j]);
  }
}

// The figures GPUStack's note reads, as they stood when a worker last failed.
struct NoteFigures {
  Bytes vram = 0;
  long long satisfied = 0, total = 0;
};

DataFields note_values(const VllmFit& fit, const NoteFigures& f) {
  const double gmu = fit.s.gmu.value;
  DataFields v;
  const long long n = f.satisfied;
  if (n) {
    TpCheck tp = fit.tp(n);
    if (!tp.ok) v.set({"tp_reason", DataFields{{"quantity", tp.quantity}, {"value", tp.value}, {"n", tp.n}}});
  }
  v.set({"largest_alloc", f.vram});
  v.set({"largest_alloc_gib", round_to_gib(static_cast<double>(f.vram))});
  v.set({"gmu", gmu});
  if (gmu != 0) {
    v.set({"satisfied", f.satisfied});
    v.set({"total", f.total});
    // GPUStack: byte_to_gib(vram) * gmu * satisfied / total, left to right.
    double effective = 0.0;
    if (f.total != 0)
      effective = round_to_gib(static_cast<double>(f.vram)) * gmu *
                  static_cast<double>(f.satisfied) / static_cast<double>(f.total);
    v.set({"effective_gib", effective});
  }
  return v;
}

// A failed walk's data {eligible, tp_skipped_counts, gpu_count} depends only on how many GPUs
// were eligible and how many the walk added (the tp check is a function of the count): workers
// alike share one copy.
struct WalkData {
  std::map<std::pair<std::size_t, int>, std::shared_ptr<const DataFields>> by_shape;

  const std::shared_ptr<const DataFields>& get(VllmFit& fit, std::size_t eligible, int added) {
    auto& d = by_shape[{eligible, added}];
    if (!d) {
      std::vector<DataFields> tp_skipped;
      for (int n = 1; n <= added; ++n)
        if (TpCheck tp = fit.tp(n); !tp.ok) tp_skipped.push_back(DataFields{{"n", n}, {"quantity", tp.quantity}, {"value", tp.value}});
      d = std::make_shared<const DataFields>(
          DataFields{{"eligible", eligible}, {"tp_skipped_counts", std::move(tp_skipped)}, {"gpu_count", fit.s.gpu_count}});
    }
    return d;
  }
};

// The GPUs added on one worker, their claims, and whether they hold the estimate.
struct GpuWalk {
  std::vector<int> indexes;
  VramMap vram;
  Bytes sum = 0;
  int count = 0;
  bool found = false;
};

// Add the eligible GPUs largest first, each claiming total × gmu (its allocatable when gmu is 0),
// until a tp-divisible count holds the estimate; with a world size, stop at that count.
GpuWalk walk_gpus(const VllmFit& fit, const std::vector<std::pair<const GpuDevice*, Bytes>>& eligible) {
  const double gmu = fit.s.gmu.value;
  const int gpu_count = fit.s.gpu_count;
  GpuWalk walk;
  walk.indexes.reserve(eligible.size());
  walk.vram.reserve(eligible.size());
  for (const auto& [gpu, alloc] : eligible) {
    const Bytes claim = gmu > 0 ? static_cast<Bytes>(static_cast<double>(gpu->memory_total) * gmu) : alloc;
    walk.indexes.push_back(gpu->index);
    walk.vram.emplace_back(gpu->index, claim);
    ++walk.count;
    walk.sum += claim;
    if (!fit.tp(walk.count).ok) continue;
    if (gpu_count && walk.count >= gpu_count) {
      walk.found = walk.sum >= fit.s.vram;  // never more GPUs than the world size asks for
      break;
    }
    if (!gpu_count && walk.sum >= fit.s.vram) {
      walk.found = true;
      break;
    }
  }
  return walk;
}

// The strategy's walk over every worker: candidates so far and the figures its note reads.
struct MultiGpuRun {
  MultiGpuRun(VllmFit& f, StrategyRecorder& r)
      : fit(f), rec(r), ratio_data(std::make_shared<const DataFields>(DataFields{{"gmu", f.s.gmu.value}, {"rule", "allocatable / total > gmu"}})) {}
  VllmFit& fit;
  StrategyRecorder& rec;
  std::shared_ptr<const DataFields> ratio_data;
  WalkData rejection_data;
  std::vector<Candidate> all;
  std::vector<const Worker*> candidate_workers;  // parallel to `all`
  std::optional<NoteFigures> note;               // GPUStack's note: figures at the last failing worker
  Bytes largest_seen = -1;                       // the worker GPUStack's note should have followed
  std::string noted_worker, largest_worker;
};

// GPUStack compares this worker's bytes with the GPU *count* it stored last time (Q15); we also
// track the truly largest worker to say so.
void remember_largest_worker(MultiGpuRun& run, const Worker& w, Bytes total_alloc, std::size_t eligible) {
  VllmFit& fit = run.fit;
  if (total_alloc > fit.largest_multi_gpu_total) {
    fit.largest_multi_gpu_vram = total_alloc;
    fit.largest_multi_gpu_satisfied = static_cast<long long>(eligible);
    fit.largest_multi_gpu_total = static_cast<long long>(w.gpus.size());
    run.noted_worker = w.name;
  }
  if (total_alloc > run.largest_seen) run.largest_seen = total_alloc, run.largest_worker = w.name;
}

void add_candidate(MultiGpuRun& run, const Worker& w, const GpuType& type, GpuWalk walk) {
  Candidate c;
  c.worker_id = w.id;
  c.worker_name = w.name;
  c.gpu_type = type;
  c.gpu_indexes = walk.indexes;
  c.claim = vllm_claim(run.fit.ctx.model, std::move(walk.vram));
  c.scored_worker = run.fit.pool.copy_of(&w);
  run.all.push_back(std::move(c));
  run.candidate_workers.push_back(&w);
}

// A walk that fell short: too few GPUs for the world size, else short of VRAM. GPUStack's note
// takes the stored "largest worker" figures as they stand now.
void reject_short_walk(MultiGpuRun& run, const Worker& w, std::size_t eligible, const GpuWalk& walk, const DataFields& hidden) {
  VllmFit& fit = run.fit;
  const bool too_few = fit.s.gpu_count && walk.count < fit.s.gpu_count;
  Rejection& r = run.rec.reject(w, walk.indexes, too_few ? kRejectGpuCount : "vram_total", "workers");
  r.shared_fields = run.rejection_data.get(fit, eligible, walk.count);
  if (!hidden.empty()) add_note(r, hidden);
  if (!too_few) r.shortfalls.push_back(make_shortfall("vram_total", fit.s.vram, walk.sum, walk.sum));
  run.note = NoteFigures{fit.largest_multi_gpu_vram, fit.largest_multi_gpu_satisfied, fit.largest_multi_gpu_total};
}

void try_worker(MultiGpuRun& run, const Worker& w, const GpuType& type) {
  VllmFit& fit = run.fit;
  StrategyRecorder& rec = run.rec;
  rec.examined_worker();
  if (w.gpus.size() < 2) {
    rec.reject(w, {}, kRejectGpuCount, "workers", DataFields{{"need", 2}, {"have", w.gpus.size()}});
    return;
  }
  const Allocatable& a = fit.alloc(w, type);
  const DataFields hidden = hidden_in_group(w, type) ? hidden_type_note(rec, fit.ctx.trace, "single_worker_multi_gpu", w, type) : DataFields();
  if (ram_short(fit.s.ram, a)) {
    rec.reject(w, {}, "ram", "workers").shortfalls.push_back(make_shortfall("ram", fit.s.ram, a.ram, ram_capacity(w)));
    return;
  }
  rec.examined_gpus(static_cast<long long>(w.gpus.size()));
  WorkerScan scan = scan_gpus(fit, rec, w, a, run.ratio_data, hidden);
  remember_largest_worker(run, w, scan.total_alloc, scan.eligible.size());
  sort_largest_first(scan.eligible);
  GpuWalk walk = walk_gpus(fit, scan.eligible);
  if (walk.found) add_candidate(run, w, type, std::move(walk));
  else reject_short_walk(run, w, scan.eligible.size(), walk, hidden);
}

// GPUStack keeps only the candidates with the fewest GPUs.
std::vector<Candidate> keep_fewest_gpus(MultiGpuRun& run) {
  std::vector<Candidate>& all = run.all;
  if (all.empty()) return {};
  std::size_t fewest = all.front().gpu_indexes->size();
  for (const auto& c : all) fewest = std::min(fewest, c.gpu_indexes->size());
  std::vector<Candidate> kept;
  for (std::size_t i = 0; i < all.size(); ++i) {
    Candidate& c = all[i];
    if (c.gpu_indexes->size() == fewest) {
      kept.push_back(std::move(c));
      continue;
    }
    run.rec.reject(*run.candidate_workers[i], *c.gpu_indexes, "more_gpus_than_best", "workers",
                   DataFields{{"gpus", c.gpu_indexes->size()}, {"best", fewest}});
  }
  return kept;
}

}  // namespace

std::vector<Candidate> run_single_worker_multi_gpu(VllmFit& fit, StrategyRecorder& rec) {
  MultiGpuRun run(fit, rec);
  for (const PoolTypeGroup& group : group_by_gpu_type(fit.pool, rec, fit.ctx.trace))
    for (const Worker* wp : group.workers)
      if (!wp->gpus.empty()) try_worker(run, *wp, group.type);
  if (run.note) fit.multi_gpu_event = VllmEvent{"single_worker_multi_gpu", note_values(fit, *run.note)};
  if (fit.multi_gpu_event && fit.largest_multi_gpu_vram < run.largest_seen)
    rec.quirk(fit.ctx.trace, "Q15", "vllm single_worker_multi_gpu note",
              "the \"largest available worker\" figures come from " + run.noted_worker + ", not the largest (" +
                  run.largest_worker + "): GPUStack compares allocatable bytes with a stored GPU count");
  return keep_fewest_gpus(run);
}

}  // namespace placement
