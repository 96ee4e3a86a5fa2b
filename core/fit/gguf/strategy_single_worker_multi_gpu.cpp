// S2 single worker, multi GPU, full offload: per worker, GPU counts from max(2, approx_gpus)
// upward; per combination the split estimate's full-offload item must fit every GPU and the
// worker's RAM. The first count with a candidate ends the worker; across workers only the
// candidates with the fewest GPUs are kept.
#include <map>

#include "fit/gguf/combinations.h"
#include "fit/common/rejection_codes.h"
#include "fit/gguf/strategies.h"
#include "scenario/errors.h"

namespace placement::gguf_fit {

namespace {

std::vector<Bytes> values_of(const std::vector<GpuPick>& picks) {
  std::vector<Bytes> values;
  values.reserve(picks.size());
  for (const GpuPick& p : picks) values.push_back(p.alloc);
  return values;
}

std::vector<int> indexes_of(const std::vector<GpuPick>& picks) {
  std::vector<int> out;
  for (const GpuPick& p : picks) out.push_back(p.index);
  return out;
}

// Value tuple → the GPUs its estimate was first asked for. Equal values make an equal query, so
// the reuse only shows as Q23 (estimates are not held across queries, see estimate_provider.h).
using EstimateCache = std::map<std::vector<Bytes>, std::vector<int>>;

// One combination; returns the candidate, or records why not.
std::optional<Candidate> try_combination(GgufRun& run, StrategyRecorder& rec, const WorkerView& w,
                                         const CombinationPlan& plan, const std::vector<GpuPick>& picks,
                                         EstimateCache& cache) {
  const Setup& s = run.setup;
  rec.examined_combination();
  const std::vector<int> indexes = indexes_of(picks);
  Bytes sum = 0;
  for (const GpuPick& p : picks) sum += p.alloc;
  const Bytes full = s.full_vram.on(w.uma);
  if (plan.user_split)
    rec.quirk("Q25", "the --tensor-split numbers were compared with the model's VRAM as if they were bytes");
  if (sum < full) {
    Bytes capacity = 0;
    for (const GpuPick& p : picks) capacity += plan.user_split ? p.alloc : gpu_capacity(w, p.index);
    // Only the three closest rejections are kept whole: built when one is (short = full - sum).
    rec.combinations().add_lazy("vram_total", picks.size(), full - sum, [&] {
      return rejection(w, indexes, "vram_total", {make_shortfall("vram_total", full, sum, capacity)});
    });
    return std::nullopt;
  }
  // GPUStack reuses an estimate for an equal value tuple within one GPU count (Q23).
  std::vector<Bytes> key = values_of(picks);
  const gguf::Estimate* estimate = nullptr;
  auto hit = cache.find(key);
  gguf::Query query;
  query.tensor_split.emplace();
  for (const GpuPick& p : picks) query.tensor_split->push_back(static_cast<double>(p.alloc));
  estimate = &run.queries.require(query, rec.id());
  if (hit != cache.end()) {
    if (hit->second != indexes) rec.quirk("Q23", "an estimate was reused for other GPUs with the same allocatable values");
  } else {
    rec.examined_query();
    cache.emplace(std::move(key), indexes);
  }
  if (estimate->items.empty()) throw InputError("/estimates", "the estimate for " + describe_gguf_query(query) + " has no items");
  const gguf::EstimateItem& item = estimate->items.back();
  const Bytes ram = figure(item.ram).on(w.uma);
  if (ram > w.alloc.ram) {
    rec.combinations().add_lazy("ram", picks.size(), ram - w.alloc.ram, [&] {
      return rejection(w, indexes, "ram", {make_shortfall("ram", ram, w.alloc.ram, ram_capacity(w))});
    });
    return std::nullopt;
  }
  VramMap claims;
  struct Short {
    Bytes claim, alloc;
    int index;
  };
  std::vector<Short> shorts;  // rendered as shortfalls only if the rejection is kept
  Bytes short_sum = 0;
  bool fits = true;
  for (std::size_t k = 0; k < picks.size(); ++k) {
    const int real = picks[k].index;
    const Bytes* alloc = w.alloc.gpu(real);
    if (fits && !alloc)
      throw ReferenceError("fit", "the tensor split names a GPU position the worker lacks",
                           DataFields{{"worker", w.worker.name}, {"gpu_index", real}});
    if (!alloc || (!fits && k >= item.vrams.size())) continue;
    const Bytes claim = figure(vram_at(item, k, &query)).on(w.uma);
    if (claim > *alloc) {
      fits = false;  // GPUStack stops at this position; the rest is measured for the explanation
      shorts.push_back(Short{claim, *alloc, real});
      short_sum += claim - *alloc;
      continue;
    }
    if (fits) put_vram(claims, real, claim);
  }
  if (!fits) {
    rec.combinations().add_lazy("vram", picks.size(), short_sum, [&] {
      ShortfallList shortfalls;
      for (const Short& sh : shorts) shortfalls.push_back(make_shortfall("vram", sh.claim, sh.alloc, gpu_capacity(w, sh.index), sh.index));
      return rejection(w, indexes, "vram", std::move(shortfalls));
    });
    return std::nullopt;
  }
  std::vector<Bytes> split;
  for (const GpuPick& p : picks) split.push_back(p.alloc);
  return make_candidate(s, w, s.total_layers, ram, claims, indexes, split);
}

std::vector<Candidate> for_worker(GgufRun& run, StrategyRecorder& rec, const WorkerView& w) {
  const Setup& s = run.setup;
  std::vector<Candidate> out;
  rec.examined_worker();
  const std::size_t gpus = w.alloc.vram.size();
  if (gpus < 2) {
    rec.reject(w, {}, kRejectGpuCount, {}, DataFields{{"gpus", gpus}, {"need", 2}});
    return out;
  }
  if (w.alloc.ram < s.full_ram.on(w.uma)) {
    rec.reject(w, {}, "ram", {make_shortfall("ram", s.full_ram.on(w.uma), w.alloc.ram, ram_capacity(w))});
    return out;
  }
  const std::size_t begin = static_cast<std::size_t>(std::max(2, s.approx_gpus));
  if (begin > 2)
    rec.cap("approx_gpus_start", 2, static_cast<long long>(begin),
            "GPU counts below " + std::to_string(begin) + " were not tried (the largest GPU holds less than 1/" +
                std::to_string(begin - 1) + " of the model)");
  for (std::size_t n = begin; n <= gpus; ++n) {
    CombinationPlan plan = plan_combinations(s, w, n, std::nullopt);
    if (plan.kind == CombinationPlan::Kind::none) continue;
    EstimateCache cache;  // GPUStack clears it after each count
    const std::uint64_t total = plan.count();
    for_each_combination(plan, [&](const std::vector<GpuPick>& picks, std::size_t position) {
      if (auto c = try_combination(run, rec, w, plan, picks, cache)) out.push_back(std::move(*c));
      return !equal_vram_shortcut(rec, w, plan.equal, n, total, position);
    });
    if (!out.empty()) {
      if (n < gpus) rec.not_examined("stopped_at_fit", DataFields{{"worker_name", w.worker.name}, {"gpus_from", n + 1}, {"gpus_to", gpus}});
      break;
    }
  }
  return out;
}

void explain(GgufRun& run, const WorkerView& w) {
  gguf::Query q;
  q.offload = "full";
  q.tensor_split.emplace();
  for (const auto& [index, alloc] : w.alloc.vram) q.tensor_split->push_back(static_cast<double>(alloc));
  const gguf::Estimate* e = run.queries.optional(q, "explanation");
  std::optional<EstimateTotals> totals;
  if (e && !e->items.empty()) {
    totals.emplace();
    for (const auto& v : e->items.front().vrams) totals->vram += v.nonuma;
    totals->ram = e->items.front().ram.nonuma;
  }
  add_insufficient_event(run, Strategy::multi_gpu, "multi_gpu_insufficient", "totals_fit_no_split", w, DataFields{}, totals);
}

}  // namespace

std::vector<Candidate> run_multi_gpu_full(GgufRun& run, StrategyRecorder& rec) {
  const Setup& s = run.setup;
  std::vector<Candidate> all;
  std::optional<std::size_t> advice;
  for (std::size_t wi : s.by_vram) {
    const WorkerView& w = s.workers[wi];
    if (w.worker.gpus.empty()) continue;
    std::vector<Candidate> found = for_worker(run, rec, w);
    if (!found.empty()) {
      for (auto& c : found) all.push_back(std::move(c));
    } else if (!advice) {
      advice = wi;
    }
  }
  std::vector<Candidate> out;
  if (!all.empty()) {
    std::size_t fewest = all.front().gpu_indexes->size();
    for (const auto& c : all) fewest = std::min(fewest, c.gpu_indexes->size());
    for (auto& c : all) {
      if (c.gpu_indexes->size() == fewest) {
        out.push_back(std::move(c));
      } else {
        rec.reject(s.workers[*s.worker_named(c.worker_name)], *c.gpu_indexes, kRejectGpuCount,
                   {}, DataFields{{"gpus", c.gpu_indexes->size()}, {"fewest", fewest}});
      }
    }
  }
  if (out.empty() && advice) explain(run, s.workers[*advice]);
  return out;
}

}  // namespace placement::gguf_fit
