// Manual GPU selection (scheduler-rules.md §3.1.7), shared by the vLLM, SGLang, MindIE and Custom fits:
// the user named GPUs as "worker:type:index"; build candidates from exactly those GPUs, judge
// whether they overcommit, and explain the outcome the way GPUStack does.
#include "fit/common/manual_selection.h"

#include "fit/common/manual_run.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>

#include "fit/common/rejection_codes.h"
#include "fit/common/shared_rules.h"
#include "fit/common/strategy_record.h"
#include "scenario/scenario_loader.h"

namespace placement {

namespace manual {

namespace {

Shortfall vram_ratio_shortfall(const Worker& w, const GpuDevice& g, Bytes alloc, double u) {
  Bytes need = 0;
  if (g.memory_total > 0) {
    // Least allocatable passing alloc / total >= u, settled with the real comparison.
    need = static_cast<Bytes>(static_cast<double>(g.memory_total) * u);
    while (need > 0 && static_cast<double>(need - 1) / static_cast<double>(g.memory_total) >= u) --need;
    while (need <= g.memory_total && static_cast<double>(need) / static_cast<double>(g.memory_total) < u) ++need;
  }
  const Bytes capacity = std::max<Bytes>(g.memory_total - w.reserved_vram, 0);
  return Shortfall{"vram_ratio", g.index, need, alloc, need > alloc ? need - alloc : 0, capacity >= need};
}

bool is_mindie(const Model& m) { return m.backend && *m.backend == "MindIE"; }

// GPUStack's _get_worker_gpu_addresses skips a GPU only when it is unused *and* of another type
// (an `and` where `or` was meant, Q34). The reduced worker holds only selected GPUs of the one
// type, so every selected NPU is listed, used by the candidate or not, in the reduced order.
std::vector<std::string> gpu_addresses(const Reduced& r) {
  std::vector<std::string> out;
  for (const GpuDevice* g : r.gpus)
    out.push_back(g->network_status && *g->network_status == "up" && g->network_inet && !g->network_inet->empty() ? *g->network_inet
                                                                                                                 : "-.-.-.-");
  return out;
}

}  // namespace

const IndexList* ManualRun::selected(const std::string& type, const std::string& worker) const {
  for (const auto& t : selection_)
    if (t.type == type)
      for (const auto& w : t.workers)
        if (w.worker == worker) return &w.indexes;
  return nullptr;
}

const Worker* ManualRun::worker_named(const std::string& name) const {
  const Worker* found = nullptr;
  for (const Worker* w : ctx_.workers)
    if (w->name == name) found = w;  // GPUStack builds a name → worker dict: the last one wins
  return found;
}

const Allocatable& ManualRun::alloc(const Worker& w, const std::string& type) {
  auto key = std::make_pair(type, w.id);
  auto it = alloc_cache_.find(key);
  if (it == alloc_cache_.end()) it = alloc_cache_.emplace(key, ctx_.allocation.compute(w, type)).first;
  return it->second;
}

std::optional<Bytes> ManualRun::typed_total(const Worker& w, const std::string& type, int index) const {
  for (const auto& g : w.gpus)
    if (g.type == type && g.index == index) return g.memory_total;
  return std::nullopt;
}

std::vector<Reduced> ManualRun::reduce(const TypeSelection& ts) {
  std::vector<Reduced> list;
  for (const Worker* w : ctx_.workers) {
    const IndexList* sel = selected(ts.type, w->name);
    if (w->gpus.empty() || !sel || sel->empty()) continue;
    const Allocatable& a = alloc(*w, ts.type);
    // Rates over every GPU of the worker, keyed by index (a repeated index keeps its first
    // position and its last value), then sorted descending, stable.
    std::vector<std::pair<int, double>> rates;
    for (const auto& g : w->gpus) {
      const double rate = g.memory_total ? static_cast<double>(a.gpu_or_zero(g.index)) / static_cast<double>(g.memory_total) : 0.0;
      auto it = std::find_if(rates.begin(), rates.end(), [&](const auto& e) { return e.first == g.index; });
      if (it == rates.end()) rates.emplace_back(g.index, rate);
      else it->second = rate;
    }
    std::stable_sort(rates.begin(), rates.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
    Reduced r{w, {}};
    for (const auto& [index, rate] : rates) {
      if (!contains(*sel, index)) continue;
      for (const auto& g : w->gpus)
        if (g.index == index && g.type == ts.type) r.gpus.push_back(&g);
    }
    list.push_back(std::move(r));
  }
  std::stable_sort(list.begin(), list.end(), [](const Reduced& x, const Reduced& y) { return x.gpus.size() > y.gpus.size(); });
  return list;
}

// §3.1.6 over the reduced worker's GPUs (its order is the claim dict's order).
VramMap ManualRun::claims(const Reduced& r, const IndexList& used, double u) const {
  VramMap vram;
  for (const GpuDevice* g : r.gpus)
    if (contains(used, g->index)) vram.emplace_back(g->index, gpu_claim(g->memory_total, u, req_.vram, used.size()));
  return vram;
}

Rejection& ManualRun::reject(const Worker& w, const IndexList& indexes, const char* code, DataFields data) {
  Rejection& rj = add_rejection(rejections_, w, {}, code, {}, std::move(data));
  rj.gpu_indexes = indexes;
  return rj;
}

void ManualRun::quirk(const std::string& id, const std::string& where, const std::string& effect) {
  ctx_.trace.quirk(id, where, effect);
  for (const StrategyQuirk& q : quirks_)
    if (q.id == id && q.where == where) return;
  quirks_.push_back(StrategyQuirk{id, where, effect});
}

std::optional<Candidate> ManualRun::single_worker(const Reduced& r, const IndexList& gpu_indexes, double u, const std::string& type) {
  const Worker& w = *r.worker;
  ManualAttempt attempt{type, ManualSingleWorkerTry{w.name, gpu_indexes, false, {}, {}, {}}, {}};
  if (static_cast<int>(gpu_indexes.size()) < opt_.gpu_count) {
    reject(w, gpu_indexes, kRejectGpuCount, DataFields{{"need", opt_.gpu_count}, {"have", gpu_indexes.size()}});
    attempts_->list.push_back(std::move(attempt));
    return std::nullopt;
  }
  const Allocatable& a = alloc(w, type);
  IndexList satisfied, unsatisfied;
  for (int index : gpu_indexes) {
    const Bytes av = a.gpu_or_zero(index);
    const Bytes total = typed_total(w, type, index).value_or(0);
    ++examined_gpus_;
    if (u > 0 && !(total > 0 && static_cast<double>(av) / static_cast<double>(total) >= u)) {
      unsatisfied.push_back(index);
      for (const auto& g : w.gpus)
        if (g.type == type && g.index == index) {
          Rejection& rj = reject(w, {index}, "vram_ratio", DataFields{{"u", u}});
          rj.shortfalls.push_back(vram_ratio_shortfall(w, g, av, u));
          if (ctx_.allocation.compute(w).allocated_gpu(index) == 0 && total > 0)
            quirk("Q3", "manual: " + w.name + " GPU " + std::to_string(index),
                  "nothing is allocated, but the reserve alone keeps allocatable/total below the utilisation");
        }
    } else {
      satisfied.push_back(index);
    }
    if (static_cast<int>(satisfied.size()) >= opt_.gpu_count) break;
  }
  // Short of satisfied GPUs: top up with the first unsatisfied ones (the candidate then overcommits).
  IndexList used = satisfied;
  const std::size_t top_up = static_cast<std::size_t>(std::max<int>(opt_.gpu_count - static_cast<int>(satisfied.size()), 0));
  for (std::size_t i = 0; i < unsatisfied.size() && i < top_up; ++i) used.push_back(unsatisfied[i]);

  Candidate c;
  c.worker_id = w.id;
  c.worker_name = w.name;
  c.gpu_type = type;
  c.gpu_indexes = used;
  if (is_mindie(ctx_.model)) c.gpu_addresses = gpu_addresses(r);
  c.claim = manual_claim(r, used, u);
  c.scored_worker = r.copy();
  attempt.single_worker->enough_gpus = true;
  attempt.single_worker->satisfied = satisfied;
  attempt.single_worker->unsatisfied = unsatisfied;
  attempt.single_worker->used = used;
  attempts_->list.push_back(std::move(attempt));
  return c;
}

std::optional<std::string> ManualRun::blocking_instance(const Worker& w) const {
  const Model& m = ctx_.model;
  if (!m.backend || m.backend->empty()) return std::nullopt;  // null never matches
  for (const ModelInstance* inst : ctx_.allocation.instances_on(w.id)) {
    if (inst->subordinate_workers.empty()) continue;
    std::optional<std::string> backend = inst->backend;
    if (!backend && inst->model_id && m.id && *inst->model_id == *m.id) backend = m.backend;
    if (backend && !backend->empty() && *backend == *m.backend) return inst->name;
  }
  return std::nullopt;
}

// The claim of a worker using `used` of its reduced GPUs at utilisation u (single-worker
// candidates and subordinates; a multi-worker main claim carries no vram_utilization).
ResourceClaim ManualRun::manual_claim(const Reduced& r, const IndexList& used, double u) const {
  ResourceClaim claim;
  claim.vram = claims(r, used, u);
  claim.vram_present = true;
  claim.ram = claim_ram(ctx_.model, claim.vram, req_.ram);
  claim.vram_utilization = u;
  claim.is_unified_memory = false;
  return claim;
}

// GPUStack allows one distributed instance of a backend per worker: a worker already serving
// one is skipped as a subordinate, and the notice names it.
bool ManualRun::skip_distributed_worker(const Worker& w, const IndexList& selected_indexes) {
  auto inst = blocking_instance(w);
  if (!inst) return false;
  outcome_.distributed_limit_worker = w.name;
  outcome_.distributed_limit_instance = *inst;
  reject(w, selected_indexes, "distributed_limit", DataFields{{"instance", *inst}});
  messages_.add("manual", "distributed_limit", DataFields{{"worker", w.name}, {"instance", *inst}});
  return true;
}

// A subordinate's GPUs: its selected ones by claim / total descending (GPUStack passes the
// claims where it names allocatable), stable, at most what the request still needs.
IndexList ManualRun::subordinate_gpus(const Reduced& r, const IndexList& wanted, double u, std::size_t used) const {
  const VramMap preliminary = claims(r, wanted, u);
  std::vector<std::pair<int, double>> rates;
  for (const GpuDevice* g : r.gpus) {
    const Bytes* cl = find_vram(preliminary, g->index);
    const double rate = g->memory_total ? static_cast<double>(cl ? *cl : 0) / static_cast<double>(g->memory_total) : 0.0;
    auto it = std::find_if(rates.begin(), rates.end(), [&](const auto& e) { return e.first == g->index; });
    if (it == rates.end()) rates.emplace_back(g->index, rate);
    else it->second = rate;
  }
  std::stable_sort(rates.begin(), rates.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
  const std::size_t remaining = opt_.gpu_count > static_cast<int>(used) ? static_cast<std::size_t>(opt_.gpu_count) - used : 0;
  const std::size_t assign = std::min(wanted.size(), remaining);
  IndexList mine;
  for (std::size_t i = 0; i < rates.size() && i < assign; ++i) mine.push_back(rates[i].first);
  return mine;
}

SubordinateWorker ManualRun::subordinate(const Reduced& r, const IndexList& mine, double u) const {
  SubordinateWorker s;
  s.worker_id = r.worker->id;
  s.worker_name = r.worker->name;
  s.gpu_indexes = mine;
  s.claim = manual_claim(r, mine, u);
  if (is_mindie(ctx_.model)) s.gpu_addresses = gpu_addresses(r);
  return s;
}

Candidate ManualRun::multi_worker_candidate(const Reduced& main, const IndexList& main_indexes, double u, const std::string& type,
                                            std::vector<SubordinateWorker> subs) const {
  Candidate c;
  c.worker_id = main.worker->id;
  c.worker_name = main.worker->name;
  c.gpu_type = type;
  c.gpu_indexes = main_indexes;
  if (is_mindie(ctx_.model)) c.gpu_addresses = gpu_addresses(main);
  c.claim.vram = claims(main, main_indexes, u);
  c.claim.vram_present = true;
  c.claim.ram = claim_ram(ctx_.model, c.claim.vram, req_.ram);
  c.claim.is_unified_memory = false;  // the main claim carries no vram_utilization
  c.scored_worker = main.copy();
  c.subordinate_workers = std::move(subs);
  return c;
}

// One main worker (the first reduced one, with all its selected GPUs) plus subordinates in
// order until the GPU count is reached.
std::optional<Candidate> ManualRun::multi_worker(const std::vector<Reduced>& workers, double u, const std::string& type) {
  ManualAttempt attempt{type, std::nullopt, {}};
  if (workers.size() < 2) {
    attempt.multi_worker.too_few_workers = workers.size();
    attempts_->list.push_back(std::move(attempt));
    return std::nullopt;
  }
  const Reduced& main = workers.front();
  const IndexList main_indexes = *selected(type, main.worker->name);
  if (static_cast<int>(main_indexes.size()) > opt_.gpu_count)
    quirk("Q19", "manual multi_worker: main " + main.worker->name,
          "the main worker takes all " + std::to_string(main_indexes.size()) + " of its selected GPUs, more than the " +
              std::to_string(opt_.gpu_count) + " needed");

  std::vector<SubordinateWorker> subs;
  std::size_t used = main_indexes.size();
  for (const Reduced& r : workers) {
    const Worker& w = *r.worker;
    const IndexList* sel = selected(type, w.name);
    if (!sel || w.name == main.worker->name) continue;
    if (skip_distributed_worker(w, *sel)) continue;
    const IndexList mine = subordinate_gpus(r, *sel, u, used);
    subs.push_back(subordinate(r, mine, u));
    attempt.multi_worker.subordinates.push_back(ManualSubordinateTry{w.name, *sel, mine});
    used += mine.size();
    if (opt_.gpu_count && static_cast<int>(used) >= opt_.gpu_count) break;
  }
  attempt.multi_worker.main_worker = main.worker->name;
  attempt.multi_worker.main_gpu_indexes = main_indexes;
  attempts_->list.push_back(std::move(attempt));
  if (subs.empty()) return std::nullopt;
  return multi_worker_candidate(main, main_indexes, u, type, std::move(subs));
}

void ManualRun::commit(const std::string& status, std::size_t found, const std::string& result) {
  StrategyRecord record(opt_.selector, "manual", status);
  record.set_candidates_found(found);
  record.set_examined(StrategyExamined{static_cast<std::uint64_t>(examined_workers_), static_cast<std::uint64_t>(examined_gpus_), 0, 0});
  record.set_rejections(std::make_shared<Rejections>(rejections_));
  record.place(StrategyField::not_examined);
  record.place(StrategyField::caps);
  record.set_quirks(quirks_);
  for (const DataField& field : record_.fields()) record.extra(field.name, field.value);
  record.list("attempts", attempts_);
  record.extra("result", result);
  commit_strategy(ctx_.trace, std::move(record));
  // Summary lines for the rejected GPUs and workers.
  std::map<std::string, long long> counts;  // ordered: deterministic
  for (const Rejection& rj : rejections_.list) ++counts[rj.code];
  for (const auto& [code, n] : counts) {
    const bool per_gpu = code == "vram_ratio";
    ctx_.trace.summary(code == "vram_ratio" ? "vram_ratio_short" : code, n, per_gpu ? std::max(examined_gpus_, n) : std::max(examined_workers_, n),
                       per_gpu ? "gpus" : "workers", DataFields{{"selector", opt_.selector}, {"strategy", "manual"}});
  }
  if (opt_.outcome) *opt_.outcome = outcome_;
}

// What the run was asked: GPU count, utilisation, request, and the selection as found.
void ManualRun::record_selection() {
  auto utilisation = std::make_shared<ManualUtilisationRecord>();
  utilisation->by_type = opt_.utilisation;
  record_.set({"gpu_count", opt_.gpu_count});
  record_.set({"utilisation", std::shared_ptr<const DeferredList>(std::move(utilisation))});
  record_.set({"request", DataFields{{"vram", req_.vram}, {"ram", req_.ram}}});
  for (const auto& ts : selection_) {
    ManualSelectedType& type = selection_record_->types.emplace_back();
    type.type = ts.type;
    for (const auto& ws : ts.workers) {
      const Worker* w = worker_named(ws.worker);
      ManualSelectedWorker& sw = type.workers.emplace_back();
      sw.worker_name = ws.worker;
      sw.present = w != nullptr;
      sw.gpu_indexes = ws.indexes;
      if (w)
        for (int i : ws.indexes)
          if (!typed_total(*w, ts.type, i)) sw.missing_gpus.push_back(i);
    }
  }
  record_.set({"selection", std::shared_ptr<const DeferredList>(selection_record_)});  // written at commit, as filled
}

// Several types, all of them needed by one replica: GPUStack refuses heterogeneous GPUs.
bool ManualRun::refuse_heterogeneous() {
  if (opt_.gpu_count != static_cast<int>(ids_.size()) || selection_.size() <= 1) return false;
  outcome_.heterogeneous = true;
  std::vector<std::string> types;
  for (const auto& ts : selection_) types.push_back(ts.type);
  messages_.add("manual", "heterogeneous", DataFields{{"types", std::move(types)}, {"gpu_count", opt_.gpu_count}, {"selected_count", ids_.size()}});
  commit("tried", 0, "heterogeneous");
  return true;
}

// Per type, the selected workers present, reduced and ordered.
ManualRun::ByType ManualRun::reduce_every_type() {
  ByType by_type;
  for (const auto& ts : selection_) {
    auto list = reduce(ts);
    examined_workers_ += static_cast<long long>(list.size());
    by_type.emplace_back(ts.type, std::move(list));
  }
  return by_type;
}

std::vector<Candidate> ManualRun::build_candidates(const ByType& by_type) {
  std::vector<Candidate> candidates;
  if (opt_.gpu_count == 1) {
    // One GPU per replica: every selected GPU is its own attempt.
    for (const auto& [type, list] : by_type) {
      const double u = utilisation_for(opt_.utilisation, type);
      for (const Reduced& r : list)
        for (const GpuDevice* g : r.gpus)
          if (auto c = single_worker(r, {g->index}, u, type)) candidates.push_back(std::move(*c));
    }
  } else if (opt_.gpu_count > 1) {
    // Several GPUs: one worker holding them all, else (per type) one main plus subordinates.
    for (const auto& [type, list] : by_type) {
      const double u = utilisation_for(opt_.utilisation, type);
      for (const Reduced& r : list)
        if (auto c = single_worker(r, r.indexes(), u, type)) candidates.push_back(std::move(*c));
    }
    if (candidates.empty() && opt_.allow_multi_worker)
      for (const auto& [type, list] : by_type)
        if (auto c = multi_worker(list, utilisation_for(opt_.utilisation, type), type)) candidates.push_back(std::move(*c));
  }
  return candidates;
}

std::vector<Candidate> ManualRun::run() {
  record_selection();
  if (refuse_heterogeneous()) return {};
  const ByType by_type = reduce_every_type();
  std::vector<Candidate> candidates = build_candidates(by_type);
  if (candidates.empty()) {
    commit("tried", 0, "none");
    return {};
  }
  return judge_overcommit(candidates);  // manual_overcommit.cpp
}

}  // namespace manual

std::vector<Candidate> select_manual(FitContext& ctx, const ManualRequest& request, const ManualOptions& options,
                                     SelectorMessages& messages) {
  if (!gpu_ids(ctx.model)) {
    StrategyRecord record(options.selector, "manual");
    record.skip("no_gpu_ids");
    record.set_candidates_found(0);
    commit_strategy(ctx.trace, std::move(record));
    if (options.outcome) *options.outcome = ManualOutcome{};
    return {};
  }
  manual::ManualRun run(ctx, request, options, messages);
  return run.run();
}

}  // namespace placement
