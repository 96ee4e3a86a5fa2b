// S4 partial offload (needs cpu_offloading): a single-GPU pass over the base estimate, then a
// multi-GPU pass over split estimates, both raising a running best layer count (start: -ngl, or
// 0); the result is every kept candidate of either pass at the final best (§3.2 S4).
#include <algorithm>

#include "fit/gguf/combinations.h"
#include "fit/common/rejection_codes.h"
#include "fit/gguf/partial_search.h"
#include "fit/gguf/strategies.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement::gguf_fit {

namespace {

bool ngl_given(const Setup& s) { return s.ngl && *s.ngl != 0; }

// The checks both passes make on a worker before looking at its GPUs.
bool worker_can_start(StrategyRecorder& rec, const Setup& s, const WorkerView& w, Bytes v) {
  const Bytes layer = s.layer_vram.on(w.uma);
  if (w.vram_sum < layer) {
    rec.reject(w, {}, "one_layer", {make_shortfall("one_layer", layer, w.vram_sum, w.vram_sum)});
    return false;
  }
  if (w.vram_sum < v) {
    Bytes capacity = 0;
    for (const auto& [index, alloc] : w.alloc.vram) capacity += gpu_capacity(w, index);
    rec.reject(w, {}, "vram_total", {make_shortfall("vram_total", v, w.vram_sum, capacity)});
    return false;
  }
  return true;
}

std::vector<std::pair<int, Bytes>> by_alloc_desc(const WorkerView& w) {
  std::vector<std::pair<int, Bytes>> gpus(w.alloc.vram.begin(), w.alloc.vram.end());
  std::stable_sort(gpus.begin(), gpus.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return gpus;
}

// Does the single-GPU pass look at this worker? Not with a tensor split, nor (with GPU ids) when
// more or other than one of the worker's GPUs was selected.
bool single_gpu_applies(const Setup& s, const WorkerView& w) {
  if (s.tensor_split) return false;
  if (s.selection.active) {
    const std::vector<std::string>* ids = s.selection.ids_of(w.worker.name);
    if (!ids || ids->size() > 1) return false;
  }
  return true;
}

// With -ngl only the largest GPU is tried, and it must exceed the claim strictly (Q20).
std::optional<Candidate> largest_gpu_at_ngl(StrategyRecorder& rec, const Setup& s, const WorkerView& w,
                                            const std::vector<std::pair<int, Bytes>>& gpus, long long best, Bytes v, Bytes r) {
  if (w.alloc.ram < r) {
    rec.reject(w, {}, "ram", {make_shortfall("ram", r, w.alloc.ram, ram_capacity(w))});
    return std::nullopt;
  }
  if (gpus.empty()) return std::nullopt;
  rec.examined_gpus();
  const auto& [index, alloc] = gpus.front();
  if (alloc > v) return make_candidate(s, w, best, r, VramMap{{index, v}}, std::vector<int>{index});
  if (alloc == v) rec.quirk("Q20", "the largest GPU's allocatable VRAM equals the -ngl claim and was refused (strict comparison)");
  rec.reject(w, {index}, "vram",
             {make_shortfall("vram", v + 1, alloc, gpu_capacity(w, index), index)}, DataFields{{"strict", true}});
  for (std::size_t i = 1; i < gpus.size(); ++i) rec.not_examined("walk_stopped", subject(w, {gpus[i].first}));
  return std::nullopt;
}

// The base estimate's partially offloaded items at or above the running best, with the VRAM one
// GPU needs for each: the table the layer search reads.
struct LayerTable {
  std::vector<Bytes> vram;
  std::vector<const gguf::EstimateItem*> items;
};

LayerTable layer_table(const Setup& s, const WorkerView& w, long long best) {
  LayerTable t;
  for (const auto& item : s.base->items) {
    if (item.full_offloaded) continue;
    if (best != 0 && item.offload_layers < best) continue;
    t.vram.push_back(figure(vram_at(item, 0, nullptr)).on(w.uma));
    t.items.push_back(&item);
  }
  return t;
}

// Each GPU, largest first, takes the most layers its allocatable holds; the first that fits RAM
// and reaches the best is the candidate, and one below the best (or holding none) stops the walk.
std::optional<Candidate> search_gpus_by_layers(StrategyRecorder& rec, const Setup& s, const WorkerView& w,
                                               const std::vector<std::pair<int, Bytes>>& gpus, long long best) {
  const LayerTable table = layer_table(s, w, best);
  const std::vector<Bytes>& arr = table.vram;
  const Bytes layer = s.layer_vram.on(w.uma);
  // With ids only the GPU of the first sorted id is tried, matched by its index text.
  std::optional<std::string> selected_index;
  if (s.selection.active) {
    const std::string& id = s.selection.sorted_ids.front();
    selected_index = id.substr(id.find_last_of(':') + 1);
  }
  for (std::size_t gi = 0; gi < gpus.size(); ++gi) {
    const auto& [index, alloc] = gpus[gi];
    if (selected_index && *selected_index != std::to_string(index)) continue;
    rec.examined_gpus();
    if (alloc < layer) {
      rec.reject(w, {index}, "one_layer", {make_shortfall("one_layer", layer, alloc, gpu_capacity(w, index), index)});
      continue;
    }
    const int i = layer_search(arr, alloc);
    auto stop_rest = [&](const char* rule) {
      for (std::size_t j = gi + 1; j < gpus.size(); ++j)
        if (!selected_index || *selected_index == std::to_string(gpus[j].first)) rec.not_examined(rule, subject(w, {gpus[j].first}));
    };
    if (i == -1) {
      const Bytes need = arr.empty() ? 0 : arr.front();
      rec.reject(w, {index}, "vram",
                 {make_shortfall("vram", need, alloc, gpu_capacity(w, index), index)}, DataFields{{"layers_from", best}});
      stop_rest("walk_stopped");
      return std::nullopt;
    }
    const gguf::EstimateItem& item = *table.items[static_cast<std::size_t>(i)];
    const Bytes claim = arr[static_cast<std::size_t>(i)];
    const Bytes ram = figure(item.ram).on(w.uma);
    const bool ram_short = w.uma ? ram > w.alloc.ram - claim : ram > w.alloc.ram;
    if (ram_short) {
      Shortfall sf = w.uma ? make_shortfall("unified_memory", ram + claim, w.alloc.ram, ram_capacity(w))
                           : make_shortfall("ram", ram, w.alloc.ram, ram_capacity(w));
      rec.reject(w, {index}, w.uma ? "unified_memory" : "ram", {sf}, DataFields{{"offload_layers", item.offload_layers}});
      continue;
    }
    if (item.offload_layers >= best) return make_candidate(s, w, item.offload_layers, ram, VramMap{{index, claim}}, std::vector<int>{index});
    rec.reject(w, {index}, "below_best", {count_short("layers", best, item.offload_layers)});
    stop_rest("below_best");
    return std::nullopt;
  }
  return std::nullopt;
}

// Single-GPU pass on one worker; `best` is the running best.
std::optional<Candidate> single_gpu(GgufRun& run, StrategyRecorder& rec, const WorkerView& w, long long best) {
  const Setup& s = run.setup;
  if (!single_gpu_applies(s, w)) return std::nullopt;
  rec.examined_worker();
  const auto [v, r] = claim_at_layers(s, best, w.uma);
  if (!worker_can_start(rec, s, w, v)) return std::nullopt;
  if (w.uma && w.alloc.ram < v + r) {
    rec.reject(w, {}, "unified_memory", {make_shortfall("unified_memory", v + r, w.alloc.ram, ram_capacity(w))});
    return std::nullopt;
  }
  const auto gpus = by_alloc_desc(w);
  if (ngl_given(s)) return largest_gpu_at_ngl(rec, s, w, gpus, best, v, r);
  return search_gpus_by_layers(rec, s, w, gpus, best);
}

// One combination of the multi-GPU pass (GPUStack does not cache these estimates).
std::optional<Candidate> try_combination(GgufRun& run, StrategyRecorder& rec, const WorkerView& w,
                                         const std::vector<GpuPick>& picks, long long best) {
  const Setup& s = run.setup;
  rec.examined_combination();
  gguf::Query query;
  query.tensor_split.emplace();
  std::vector<int> mapping;
  std::vector<Bytes> split;
  for (const GpuPick& p : picks) {
    query.tensor_split->push_back(static_cast<double>(p.alloc));
    mapping.push_back(p.index);
    split.push_back(p.alloc);
  }
  const gguf::Estimate& e = run.queries.require(query, rec.id());
  rec.examined_query();
  std::vector<std::size_t> order;
  if (ngl_given(s)) {
    // Only list position ngl (Python's items[ngl:ngl+1]).
    if (static_cast<long long>(e.items.size()) - 1 < *s.ngl) {
      rec.combinations().add(rejection(w, mapping, "layers", {}, DataFields{{"ngl", *s.ngl}, {"items", e.items.size()}}),
                             picks.size());
      return std::nullopt;
    }
    order = python_slice(e.items.size(), *s.ngl, *s.ngl + 1);
  } else {
    for (std::size_t i = e.items.size(); i-- > 0;) order.push_back(i);
  }
  ShortfallList last_shortfalls;
  long long last_layers = -1;
  for (std::size_t idx : order) {
    const gguf::EstimateItem& item = e.items[idx];
    if (item.full_offloaded) continue;
    if (item.offload_layers < best) break;
    last_layers = item.offload_layers;
    last_shortfalls.clear();
    // UMA workers are held to both figures (Q21).
    Bytes uma_vram_sum = 0;
    for (const auto& d : item.vrams) uma_vram_sum += d.uma;
    const bool uma_ram_short = w.uma && item.ram.uma > w.alloc.ram - uma_vram_sum;
    const bool nonuma_ram_short = item.ram.nonuma > w.alloc.ram;
    bool only_nonuma = w.uma && !uma_ram_short;
    if (uma_ram_short || nonuma_ram_short) {
      last_shortfalls.push_back(uma_ram_short ? make_shortfall("unified_memory", item.ram.uma + uma_vram_sum, w.alloc.ram, ram_capacity(w))
                                              : make_shortfall("ram", item.ram.nonuma, w.alloc.ram, ram_capacity(w)));
      if (only_nonuma) rec.quirk("Q21", "a UMA worker was also held to the non-UMA figures and failed only those");
      continue;
    }
    VramMap claims;
    std::vector<int> indexes;
    bool fits = true;
    for (std::size_t k = 0; k < item.vrams.size(); ++k) {
      if (k >= mapping.size())
        throw InputError("/estimates", "the estimate for " + describe_gguf_query(query) + " has more devices than the split");
      const int real = mapping[k];
      const Bytes* alloc = w.alloc.gpu(real);
      if (!alloc)
        throw ReferenceError("fit", "the tensor split names a GPU position the worker lacks",
                             DataFields{{"worker", w.worker.name}, {"gpu_index", real}});
      const gguf::DeviceEstimate& d = item.vrams[k];
      const bool uma_short = w.uma && d.uma > *alloc;
      const bool nonuma_short = d.nonuma > *alloc;
      if (uma_short || nonuma_short) {
        if (w.uma && !uma_short) rec.quirk("Q21", "a UMA worker was also held to the non-UMA figures and failed only those");
        last_shortfalls.push_back(make_shortfall("vram", uma_short ? d.uma : d.nonuma, *alloc, gpu_capacity(w, real), real));
        fits = false;
        break;
      }
      indexes.push_back(real);
      put_vram(claims, real, w.uma ? d.uma : d.nonuma);
    }
    if (!fits) continue;
    return make_candidate(s, w, item.offload_layers, w.uma ? item.ram.uma : item.ram.nonuma, claims, indexes, split);
  }
  DataFields data{{"layers_from", best}};
  if (last_layers >= 0) data.set(DataField{"offload_layers", last_layers});
  rec.combinations().add(rejection(w, mapping, "layers", std::move(last_shortfalls), std::move(data)), picks.size());
  return std::nullopt;
}

// Multi-GPU pass on one worker: the candidates with the most layers, then the fewest GPUs.
std::vector<Candidate> multi_gpu(GgufRun& run, StrategyRecorder& rec, const WorkerView& w, long long best) {
  const Setup& s = run.setup;
  const std::size_t total_gpus = w.worker.gpus.size();
  if (total_gpus < 2) return {};
  if (s.selection.active) {
    const std::vector<std::string>* ids = s.selection.ids_of(w.worker.name);
    if (!ids || ids->size() < 2) return {};
  }
  rec.examined_worker();
  Bytes v = claim_at_layers(s, best, w.uma).first;
  if (!worker_can_start(rec, s, w, v)) return {};
  std::vector<Candidate> found;
  long long prev = best;
  for (std::size_t n = 2; n <= total_gpus; ++n) {
    CombinationPlan plan = plan_combinations(s, w, n, v);
    if (plan.kind == CombinationPlan::Kind::none) continue;
    const std::uint64_t total = plan.count();
    for_each_combination(plan, [&](const std::vector<GpuPick>& picks, std::size_t position) {
      Bytes sum = 0;
      for (const GpuPick& p : picks) sum += p.alloc;
      if (plan.user_split) rec.quirk("Q25", "the --tensor-split numbers were compared with VRAM claims as if they were bytes");
      if (sum < v) {
        std::vector<int> indexes;
        for (const GpuPick& p : picks) indexes.push_back(p.index);
        rec.combinations().add(rejection(w, indexes, "vram_total", {make_shortfall("vram_total", v, sum, sum)}), n);
        if (total > position + 1)
          rec.not_examined("walk_stopped", DataFields{{"worker_name", w.worker.name}, {"gpus", n}, {"combinations", total - position - 1}});
        return false;
      }
      std::optional<Candidate> c = try_combination(run, rec, w, picks, best);
      if (c && *c->claim.offload_layers >= best) {
        best = *c->claim.offload_layers;
        v = claim_at_layers(s, best, w.uma).first;
        found.push_back(std::move(*c));
      }
      return !equal_vram_shortcut(rec, w, plan.equal, n, total, position);
    });
    if (prev != 0 && best <= prev) {
      if (n < total_gpus) rec.not_examined("below_best", DataFields{{"worker_name", w.worker.name}, {"gpus_from", n + 1}, {"gpus_to", total_gpus}});
      break;
    }
    prev = best;
  }
  if (found.empty()) return {};
  long long most = -1;
  for (const auto& c : found) most = std::max<long long>(most, *c.claim.offload_layers);
  std::size_t fewest = SIZE_MAX;
  for (const auto& c : found)
    if (*c.claim.offload_layers == most) fewest = std::min(fewest, c.gpu_indexes->size());
  std::vector<Candidate> out;
  for (auto& c : found) {
    if (*c.claim.offload_layers == most && c.gpu_indexes->size() == fewest) {
      out.push_back(std::move(c));
    } else if (*c.claim.offload_layers != most) {
      rec.reject(w, *c.gpu_indexes, "layers", {count_short("layers", most, *c.claim.offload_layers)});
    } else {
      rec.reject(w, *c.gpu_indexes, kRejectGpuCount, {}, DataFields{{"gpus", c.gpu_indexes->size()}, {"fewest", fewest}});
    }
  }
  return out;
}

void explain_ngl(GgufRun& run, const WorkerView& w) {
  const Setup& s = run.setup;
  gguf::Query q;
  if (!w.alloc.vram.empty()) {
    q.tensor_split.emplace();
    for (const auto& [index, alloc] : w.alloc.vram) q.tensor_split->push_back(static_cast<double>(alloc));
  }
  const gguf::Estimate* e = run.queries.optional(q, "explanation");
  std::optional<EstimateTotals> totals;
  if (e) {
    totals.emplace();
    for (const auto& item : e->items) {
      if (item.offload_layers != *s.ngl) continue;
      for (const auto& d : item.vrams) totals->vram += d.nonuma;
      totals->ram = item.ram.nonuma;
      break;
    }
  }
  add_insufficient_event(run, Strategy::partial, "partial_ngl_insufficient", "totals_fit", w, DataFields{{"ngl", *s.ngl}}, totals);
}

}  // namespace

std::vector<Candidate> run_partial_offload(GgufRun& run, StrategyRecorder& rec) {
  const Setup& s = run.setup;
  long long best = ngl_given(s) ? *s.ngl : 0;
  std::vector<Candidate> kept;
  for (std::size_t wi : s.by_vram) {
    const WorkerView& w = s.workers[wi];
    if (w.worker.gpus.empty()) continue;
    std::optional<Candidate> c = single_gpu(run, rec, w, best);
    if (c && *c->claim.offload_layers >= best) {
      best = *c->claim.offload_layers;
      kept.push_back(std::move(*c));
    }
  }
  rec.note("single_gpu_best", best);
  for (std::size_t wi : s.by_vram) {
    const WorkerView& w = s.workers[wi];
    if (w.worker.gpus.empty()) continue;
    std::vector<Candidate> found = multi_gpu(run, rec, w, best);
    if (found.empty()) continue;
    long long most = -1;
    for (const auto& c : found) most = std::max<long long>(most, *c.claim.offload_layers);
    if (most >= best) {
      best = most;
      for (auto& c : found) kept.push_back(std::move(c));
    } else {
      for (const auto& c : found)
        rec.reject(w, *c.gpu_indexes, "below_best", {count_short("layers", best, most)});
    }
  }
  std::vector<Candidate> out;
  for (auto& c : kept) {
    if (*c.claim.offload_layers == best) {
      out.push_back(std::move(c));
    } else {
      rec.reject(s.workers[*s.worker_named(c.worker_name)], *c.gpu_indexes, "layers",
                 {count_short("layers", best, *c.claim.offload_layers)});
    }
  }
  if (out.empty() && ngl_given(s) && !s.by_vram.empty()) explain_ngl(run, s.workers[s.by_vram.front()]);
  return out;
}

}  // namespace placement::gguf_fit
