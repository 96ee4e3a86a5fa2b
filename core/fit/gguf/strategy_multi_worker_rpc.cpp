// S3 main worker + RPC servers: the worker with the most VRAM in GPUs that hold one layer is the
// main and uses all its GPUs; other workers' GPUs serve as RPC servers, 1…min(pool, max_rpc) of
// them per combination (auto), or exactly the selected ones (ids). Per RPC count a layer window
// is read from the base estimate's UMA figures (Q13) using the first combination's VRAM; each
// combination's split estimate is then searched from the most layers down.
#include <algorithm>
#include <map>

#include "fit/gguf/combinations.h"
#include "fit/gguf/strategies.h"
#include "scenario/scenario_loader.h"

namespace placement::gguf_fit {

namespace {

struct RpcPlan {
  std::size_t main = 0;  // worker position
  Bytes main_sum = 0;    // the main's Σalloc (workers_alloc row)
  std::vector<GpuEntry> main_gpus;  // its gpus_alloc rows, alloc desc
  std::vector<GpuEntry> pool;       // RPC candidates, alloc desc
  bool fixed = false;               // ids: the whole pool is the one combination
  std::size_t k_max = 0;
};

// GPUStack's main choice: the largest Σ of the GPUs that each hold one layer (strictly larger wins).
std::optional<std::size_t> pick_main(const Setup& s, const std::vector<WorkerEntry>& entries) {
  Bytes best = 0;
  std::optional<std::size_t> main;
  for (const WorkerEntry& e : entries) {
    const WorkerView& w = s.workers[e.worker];
    const Bytes layer = s.layer_vram.on(w.uma);
    if (e.vram < layer) continue;
    Bytes sum = 0;
    for (const auto& [index, alloc] : w.alloc.vram)
      if (alloc >= layer) sum += alloc;
    if (sum > best) {
      best = sum;
      main = e.worker;
    }
  }
  return main;
}

void fill_main(const Setup& s, RpcPlan& plan) {
  plan.main_sum = s.workers[plan.main].vram_sum;
  for (const GpuEntry& g : s.gpus_alloc)
    if (g.worker == plan.main) plan.main_gpus.push_back(g);
}

std::optional<RpcPlan> plan_auto(GgufRun& run, StrategyRecorder& rec) {
  const Setup& s = run.setup;
  const char* action = strategy_id(Strategy::rpc);
  std::optional<std::size_t> main = pick_main(s, s.workers_alloc);
  if (!main) {
    run.events.add(Level::info, action, "rpc_main_missing", kInsufficientSelected, DataFields{{"layer_vram", s.layer_vram.nonuma}});
    for (const WorkerEntry& e : s.workers_alloc)
      rec.reject(s.workers[e.worker], {}, "one_layer",
                 {make_shortfall("one_layer", s.layer_vram.on(s.workers[e.worker].uma), e.vram, e.vram)});
    return std::nullopt;
  }
  RpcPlan plan;
  plan.main = *main;
  fill_main(s, plan);
  for (const GpuEntry& g : s.gpus_alloc) {
    if (g.worker == plan.main) continue;
    const WorkerView& w = s.workers[g.worker];
    const Bytes need = s.rpc_layer_vram.on(w.uma);
    if (g.alloc >= need) {
      plan.pool.push_back(g);
    } else {
      rec.reject(w, {g.index}, "one_layer",
                 {make_shortfall("one_layer", need, g.alloc, gpu_capacity(w, g.index), g.index)}, DataFields{{"role", "rpc_server"}});
    }
  }
  if (plan.pool.empty()) {
    run.events.add(Level::info, action, "rpc_pool_empty", kInsufficientSelected, DataFields{{"rpc_layer_vram", s.rpc_layer_vram.nonuma}});
    return std::nullopt;
  }
  if (plan.pool.size() > kMaxRpcCandidateGpus) {
    run.events.add(Level::warning, action, "rpc_candidate_cap", kRpcCapExceeded,
                   DataFields{{"limit", kMaxRpcCandidateGpus}, {"actual", plan.pool.size()}});
    rec.cap("rpc_candidate_gpus", static_cast<long long>(kMaxRpcCandidateGpus), static_cast<long long>(plan.pool.size()),
            "more candidate RPC GPUs than GPUStack combines: distributed deployment was skipped");
    for (const GpuEntry& g : plan.pool) rec.not_examined("cap", subject(s.workers[g.worker], {g.index}));
    return std::nullopt;
  }
  plan.k_max = std::min(plan.pool.size(), s.max_rpc);
  if (plan.pool.size() > s.max_rpc)
    rec.cap("rpc_servers", static_cast<long long>(s.max_rpc), static_cast<long long>(plan.pool.size()),
            "combinations use at most " + std::to_string(s.max_rpc) + " RPC servers");
  return plan;
}

std::optional<RpcPlan> plan_selected(GgufRun& run, StrategyRecorder& rec) {
  const Setup& s = run.setup;
  const char* action = strategy_id(Strategy::rpc);
  std::vector<WorkerEntry> workers;
  for (const WorkerEntry& e : s.workers_alloc)
    if (s.selection.ids_of(s.workers[e.worker].worker.name)) workers.push_back(e);
  std::vector<GpuEntry> gpus;
  for (const std::string& id : s.selection.sorted_ids) {
    std::optional<GpuId> g = parse_gpu_id(id);
    if (!g) continue;
    std::optional<std::size_t> w = s.worker_named(g->worker_name);
    if (!w) continue;
    // GPUStack compares the index text of the id with the index ("01" never matches 1).
    const std::string index_text = id.substr(id.find_last_of(':') + 1);
    for (const GpuEntry& e : s.gpus_alloc)
      if (e.worker == *w && std::to_string(e.index) == index_text) gpus.push_back(e);
  }
  std::stable_sort(gpus.begin(), gpus.end(), [](const GpuEntry& a, const GpuEntry& b) { return a.alloc > b.alloc; });
  std::optional<std::size_t> main = pick_main(s, workers);
  if (!main) {
    run.events.add(Level::error, action, "rpc_selected_main_missing", kInsufficientSelected,
                   DataFields{{"layer_vram", s.layer_vram.nonuma}});
    return std::nullopt;
  }
  RpcPlan plan;
  plan.main = *main;
  plan.fixed = true;
  fill_main(s, plan);
  for (const GpuEntry& g : gpus) {
    if (g.worker == plan.main) continue;
    const WorkerView& w = s.workers[g.worker];
    const Bytes need = s.rpc_layer_vram.on(w.uma);
    if (g.alloc < need) {
      run.events.add(Level::error, action, "rpc_selected_gpu_too_small", kInsufficientSelected,
                     DataFields{{"rpc_layer_vram", need}, {"gpu", w.worker.name + ":" + std::to_string(g.alloc)}});
      rec.reject(w, {g.index}, "one_layer",
                 {make_shortfall("one_layer", need, g.alloc, gpu_capacity(w, g.index), g.index)}, DataFields{{"role", "rpc_server"}});
      return std::nullopt;
    }
    plan.pool.push_back(g);
  }
  plan.k_max = plan.pool.size();
  return plan;
}

struct Window {
  long long hi = -1, lo = -1;
  bool empty() const { return hi == -1; }
  bool operator==(const Window& o) const { return hi == o.hi && lo == o.lo; }
};

// The layer counts worth estimating for this RPC count, from the base estimate (§3.2 S3.3).
Window layer_window(const Setup& s, const Model& m, Bytes sum, long long best, bool unified_figures) {
  if (s.ngl && *s.ngl != 0) {
    const Bytes v = claim_at_layers(s, *s.ngl, unified_figures).first;
    if (sum < v) return {};
    return {*s.ngl, *s.ngl};
  }
  const auto& items = s.base->items;
  if (!m.cpu_offloading) {
    if (sum > figure(vram_at(items.back(), 0, nullptr)).on(unified_figures)) return {s.total_layers, s.total_layers - 1LL};
    return {};
  }
  for (auto it = items.rbegin(); it != items.rend(); ++it) {
    if (it->offload_layers < best) continue;
    if (sum > figure(vram_at(*it, 0, nullptr)).on(unified_figures)) return {it->offload_layers, 0};
  }
  return {};
}

// (main Σ, RPC allocs) → the query whose estimate GPUStack reuses for that tuple.
using EstimateCache = std::map<std::vector<Bytes>, gguf::Query>;

class CombinationSearch {
 public:
  CombinationSearch(GgufRun& run, StrategyRecorder& rec, const RpcPlan& plan) : run_(run), s_(run.setup), rec_(rec), plan_(plan) {
    for (const GpuEntry& g : plan.main_gpus) main_indexes_.push_back(g.index);
  }

  void new_count() { cache_.clear(); }

  std::optional<Candidate> evaluate(const std::vector<const GpuEntry*>& rpc, const Window& window) {
    rec_.examined_combination();
    const std::size_t k = rpc.size();
    gguf::Query query;
    query.tensor_split.emplace();
    query.rpc.emplace();
    std::vector<Bytes> key;
    key.reserve(k + 1);
    key.push_back(plan_.main_sum);
    for (std::size_t j = 0; j < k; ++j) {
      query.rpc->push_back(s_.workers[rpc[j]->worker].worker.name + ":" + std::to_string(50052 + j + 1));
      query.tensor_split->push_back(static_cast<double>(rpc[j]->alloc));
      key.push_back(rpc[j]->alloc);
    }
    for (const GpuEntry& g : plan_.main_gpus) query.tensor_split->push_back(static_cast<double>(g.alloc));

    // GPUStack reuses an estimate for an equal (main Σ, RPC allocs) tuple within one RPC count,
    // even when the RPC servers are other workers (Q23).
    const gguf::Estimate* estimate = nullptr;
    auto hit = cache_.find(key);
    if (hit != cache_.end()) {
      // Asked again for the first query (an exact answer even if the provider dropped it).
      estimate = &run_.queries.require(hit->second, rec_.id());
      if (*hit->second.rpc != *query.rpc)
        rec_.quirk("Q23", "an estimate made for other RPC servers with the same allocatable values was reused");
    } else {
      estimate = &run_.queries.require(query, rec_.id());
      rec_.examined_query();
      cache_.emplace(std::move(key), query);
    }

    const WorkerView& main = s_.workers[plan_.main];
    const gguf::EstimateItem* lowest_in_window = nullptr;
    for (std::size_t i : by_layers_desc(*estimate)) {
      const gguf::EstimateItem& e = estimate->items[i];
      if (e.offload_layers > window.hi || e.offload_layers < window.lo) continue;
      lowest_in_window = &e;
      if (auto c = try_item(e, rpc, query, main)) return c;
    }
    // Measured at the least demanding item of the window; the JSON is built only for the closest.
    const Bytes short_sum = lowest_in_window ? measure(*lowest_in_window, rpc, main, nullptr) : 0;
    rec_.combinations().add_lazy("layers", k, short_sum, [&] {
      GgufRejection r = rejection(main, main_indexes_, "layers", {});
      r.rpc = rpc_names(rpc);
      if (!lowest_in_window) {
        r.data = DataFields{{"window", DataFields{{"from", window.lo}, {"to", window.hi}}}};
        return r;
      }
      measure(*lowest_in_window, rpc, main, &r);
      r.data = DataFields{{"offload_layers", lowest_in_window->offload_layers}};
      return r;
    });
    return std::nullopt;
  }

  std::vector<std::string> rpc_names(const std::vector<const GpuEntry*>& rpc) const {
    std::vector<std::string> out;
    for (const GpuEntry* g : rpc) out.push_back(s_.workers[g->worker].worker.name + ":" + std::to_string(g->index));
    return out;
  }

 private:
  // Items by offloadLayers desc, equal counts in estimate order (Python's stable sorted).
  const std::vector<std::size_t>& by_layers_desc(const gguf::Estimate& e) {
    order_.resize(e.items.size());
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
    std::stable_sort(order_.begin(), order_.end(),
                     [&](std::size_t a, std::size_t b) { return e.items[a].offload_layers > e.items[b].offload_layers; });
    return order_;
  }

  std::size_t main_position(int index) const {
    return static_cast<std::size_t>(std::find(main_indexes_.begin(), main_indexes_.end(), index) - main_indexes_.begin());
  }

  // GPUStack's checks in its order: main RAM, main GPUs (device order), then each RPC server.
  std::optional<Candidate> try_item(const gguf::EstimateItem& e, const std::vector<const GpuEntry*>& rpc,
                                    const gguf::Query& query, const WorkerView& main) {
    const std::size_t k = rpc.size();
    const Bytes main_ram = figure(e.ram).on(main.uma);
    if (main_ram > main.alloc.ram) return std::nullopt;
    VramMap main_claims;
    bool satisfied = false;
    for (const auto& [index, alloc] : main.alloc.vram) {
      if (std::find(main_indexes_.begin(), main_indexes_.end(), index) == main_indexes_.end()) continue;
      const Bytes claim = figure(vram_at(e, k + main_position(index), &query)).on(main.uma);
      if (claim > alloc) {
        satisfied = false;
        break;
      }
      satisfied = true;
      put_vram(main_claims, index, claim);
    }
    if (!satisfied) return std::nullopt;
    std::vector<SubordinateWorker> subs;
    for (std::size_t j = 0; j < k; ++j) {
      const WorkerView& w = s_.workers[rpc[j]->worker];
      const gguf::DeviceEstimate& d = vram_at(e, j, &query);
      const Bytes claim = figure(d).on(w.uma);
      if (claim > rpc[j]->alloc) return std::nullopt;
      SubordinateWorker sub;
      sub.worker_id = w.worker.id;
      sub.worker_name = w.worker.name;
      sub.gpu_indexes = std::vector<int>{rpc[j]->index};
      ResourceClaim c;
      c.ram = 0;
      c.vram = VramMap{{rpc[j]->index, claim}};
      c.vram_present = true;
      c.offload_layers = d.handle_layers;
      c.total_layers = s_.total_layers;
      c.is_unified_memory = w.uma;
      sub.claim = c;
      subs.push_back(std::move(sub));
    }
    if (subs.empty()) return std::nullopt;  // a combination without RPC servers never qualifies
    std::vector<Bytes> split;
    for (double v : *query.tensor_split) split.push_back(static_cast<Bytes>(v));
    Candidate c = make_candidate(s_, main, e.offload_layers, main_ram, main_claims, main_indexes_, split);
    c.subordinate_workers = std::move(subs);
    return c;
  }

  // Every shortfall of one item (for the explanation; no early exit): their sum, and the
  // shortfalls of `out` when it is given.
  Bytes measure(const gguf::EstimateItem& e, const std::vector<const GpuEntry*>& rpc, const WorkerView& main, GgufRejection* out) const {
    Bytes sum = 0;
    const std::size_t k = rpc.size();
    const Bytes main_ram = figure(e.ram).on(main.uma);
    if (main_ram > main.alloc.ram) {
      sum += main_ram - main.alloc.ram;
      if (out) out->shortfalls.push_back(make_shortfall("ram", main_ram, main.alloc.ram, ram_capacity(main)));
    }
    for (const auto& [index, alloc] : main.alloc.vram) {
      if (std::find(main_indexes_.begin(), main_indexes_.end(), index) == main_indexes_.end()) continue;
      const std::size_t pos = k + main_position(index);
      if (pos >= e.vrams.size()) continue;
      const Bytes claim = figure(e.vrams[pos]).on(main.uma);
      if (claim <= alloc) continue;
      sum += claim - alloc;
      if (out) out->shortfalls.push_back(make_shortfall("vram", claim, alloc, gpu_capacity(main, index), index));
    }
    for (std::size_t j = 0; j < k && j < e.vrams.size(); ++j) {
      const WorkerView& w = s_.workers[rpc[j]->worker];
      const Bytes claim = figure(e.vrams[j]).on(w.uma);
      if (claim <= rpc[j]->alloc) continue;
      sum += claim - rpc[j]->alloc;
      if (out) {
        out->shortfall_workers.resize(out->shortfalls.size());
        out->shortfalls.push_back(make_shortfall("vram", claim, rpc[j]->alloc, gpu_capacity(w, rpc[j]->index), rpc[j]->index));
        out->shortfall_workers.push_back(w.worker.name);
      }
    }
    return sum;
  }

  GgufRun& run_;
  const Setup& s_;
  StrategyRecorder& rec_;
  const RpcPlan& plan_;
  std::vector<int> main_indexes_;
  EstimateCache cache_;
  std::vector<std::size_t> order_;  // reused buffer
};

}  // namespace

std::vector<Candidate> run_multi_worker_rpc(GgufRun& run, StrategyRecorder& rec) {
  const Setup& s = run.setup;
  const Model& m = run.ctx.model;
  std::optional<RpcPlan> plan = s.selection.active ? plan_selected(run, rec) : plan_auto(run, rec);
  if (!plan) return {};
  const WorkerView& main = s.workers[plan->main];
  rec.examined_worker();
  rec.note("main", DataFields{{"worker_name", main.worker.name}, {"vram", plan->main_sum}});

  CombinationSearch search(run, rec, *plan);
  std::vector<Candidate> kept;
  long long best = -1;
  bool full = false;
  const std::size_t k_from = plan->fixed ? plan->k_max : 1;
  for (std::size_t k = k_from; k <= plan->k_max; ++k) {
    // The window comes from the first combination of this count (the k largest pool GPUs).
    Bytes first_sum = plan->main_sum;
    for (std::size_t j = 0; j < k; ++j) first_sum += plan->pool[j].alloc;
    const Window window = layer_window(s, m, first_sum, best, true);
    if (!(window == layer_window(s, m, first_sum, best, false)))
      rec.quirk("Q13", "the RPC layer window compared UMA figures; with non-UMA figures it would differ");
    const std::uint64_t combos = plan->fixed ? 1 : binomial(plan->pool.size(), k);
    if (window.empty()) {
      rec.not_examined("layer_window_empty", DataFields{{"rpc_servers", k}, {"combinations", combos}, {"vram", first_sum}});
      continue;
    }
    search.new_count();  // GPUStack clears its estimate cache after each count
    std::vector<const GpuEntry*> rpc(k);
    auto visit = [&](const std::vector<std::size_t>& chosen) {
      for (std::size_t j = 0; j < k; ++j) rpc[j] = &plan->pool[chosen[j]];
      std::optional<Candidate> c = search.evaluate(rpc, window);
      if (!c) return;
      const long long layers = *c->claim.offload_layers;
      if (layers == s.total_layers) full = true;
      if (layers >= best) {
        best = layers;
        kept.push_back(std::move(*c));
      } else {
        rec.reject(main, *c->gpu_indexes, "below_best",
                   {count_short("layers", best, layers)}, {}, search.rpc_names(rpc));
      }
    };
    if (plan->fixed) {
      std::vector<std::size_t> all(k);
      for (std::size_t j = 0; j < k; ++j) all[j] = j;
      visit(all);
    } else {
      for (Combinations c(plan->pool.size(), k); c.valid(); c.next()) visit(c.current());
    }
    const bool stop = (s.ngl && *s.ngl != 0 && !kept.empty()) || full;
    if (stop) {
      if (k < plan->k_max) rec.not_examined("stopped_at_fit", DataFields{{"rpc_servers_from", k + 1}, {"rpc_servers_to", plan->k_max}});
      break;
    }
  }
  std::vector<Candidate> out;
  if (kept.empty()) return out;
  const bool need_full = !m.cpu_offloading && best != s.total_layers;
  for (auto& c : kept) {
    const long long layers = *c.claim.offload_layers;
    if (!need_full && layers == best) {
      out.push_back(std::move(c));
      continue;
    }
    std::vector<std::string> rpc;
    for (const auto& sub : c.subordinate_workers) rpc.push_back(sub.worker_name + ":" + std::to_string(sub.gpu_indexes->front()));
    rec.reject(main, *c.gpu_indexes, "layers",
               {count_short("layers", need_full ? s.total_layers : best, layers)}, {}, rpc);
  }
  return out;
}

}  // namespace placement::gguf_fit
