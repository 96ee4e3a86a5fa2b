// vLLM multi-worker strategy (scheduler-rules.md §3.3.7): per GPU type, walk workers that have the same
// GPU count, adding every worker whose GPUs all reach gmu, until their gmu shares hold the
// estimate (and, with a world size, the GPU count matches). One candidate per type at most.
#include <algorithm>

#include "fit/common/shared_rules.h"
#include "fit/vllm/topology.h"
#include "fit/vllm/vllm_fit.h"

namespace placement {

namespace {

std::vector<int> view_indexes(const Worker* w) {
  std::vector<int> out;
  for (const GpuDevice& g : w->gpus) out.push_back(g.index);
  return out;
}

// Every GPU of the pool worker at int(total × gmu); GPUStack keys the dict by index.
VramMap gmu_claims(const Worker* w, double gmu) {
  VramMap vram;
  for (const GpuDevice& g : w->gpus) {
    const Bytes claim = static_cast<Bytes>(static_cast<double>(g.memory_total) * gmu);
    bool replaced = false;
    for (auto& [i, b] : vram)
      if (i == g.index) b = claim, replaced = true;
    if (!replaced) vram.emplace_back(g.index, claim);
  }
  return vram;
}

Candidate make_candidate(const VllmFit& fit, const std::vector<const Worker*>& joined, double gmu) {
  const Worker* main = joined.front();
  Candidate c;
  c.worker_id = main->id;
  c.worker_name = main->name;
  c.gpu_type = main->gpus.front().type;
  c.gpu_indexes = view_indexes(main);
  c.claim = vllm_claim(fit.ctx.model, gmu_claims(main, gmu));
  c.scored_worker = fit.pool.copy_of(main);
  for (std::size_t i = 1; i < joined.size(); ++i) {
    SubordinateWorker s;
    s.worker_id = joined[i]->id;
    s.worker_name = joined[i]->name;
    s.gpu_indexes = view_indexes(joined[i]);
    s.claim = vllm_claim(fit.ctx.model, gmu_claims(joined[i], gmu));  // no vram_utilization (Q12 shape)
    c.subordinate_workers.push_back(std::move(s));
  }
  return c;
}

// Does every GPU of the worker reach gmu? GPUStack stops at the first that does not (a later
// GPU with total 0 is then never divided by).
// `hidden`: the Q1 note when the worker is seen from another type's group.
bool all_gpus_reach_gmu(VllmFit& fit, StrategyRecorder& rec, const Worker& w, const Allocatable& a,
                        const std::shared_ptr<const DataFields>& ratio_data, const DataFields& hidden) {
  const double gmu = fit.s.gmu.value;
  for (const GpuDevice& device : w.gpus) {
    const GpuDevice* g = &device;
    const Bytes alloc = a.gpu_or_zero(g->index);
    rec.examined_gpus(1);
    if (alloc_ratio(w, *g, alloc) < gmu) {
      Rejection& r = rec.reject(w, {g->index}, "vram_ratio", "gpus");
      r.shared_fields = ratio_data;
      const Bytes capacity = hidden.empty() ? gpu_capacity(w, *g) : 0;
      r.shortfalls.push_back(
          make_shortfall("vram_ratio", least_alloc_passing_ratio(g->memory_total, gmu, false), alloc, capacity, g->index));
      if (!hidden.empty()) add_note(r, hidden);
      else if (fit.ctx.allocation.allocated_on_gpu(w, g->index) == 0)
        rec.quirk(fit.ctx.trace, "Q3", "vllm multi_worker: " + w.name + " GPU " + std::to_string(g->index),
                  "nothing is allocated, but the reserve alone keeps allocatable/total below gmu");
      return false;
    }
  }
  return true;
}

struct TypeOutcome {
  std::optional<Candidate> candidate;
  std::vector<DataFields> groups;
};

std::vector<std::string> worker_name_list(const std::vector<const Worker*>& workers) {
  std::vector<std::string> names;
  for (const Worker* j : workers) names.push_back(j->name);
  return names;
}

// The walk of one GPU type: what every count group shares, and the largest combination that
// fell short, which GPUStack's advice event names once the type yields no candidate.
struct TypeWalk {
  TypeWalk(VllmFit& f, StrategyRecorder& r, const PoolTypeGroup& g)
      : fit(f), rec(r), group(g), gmu(f.s.gmu.value),
        ratio_data(std::make_shared<const DataFields>(DataFields{{"gmu", gmu}, {"rule", "every GPU: allocatable / total >= gmu"}})) {}
  VllmFit& fit;
  StrategyRecorder& rec;
  const PoolTypeGroup& group;
  double gmu;
  std::shared_ptr<const DataFields> ratio_data;
  std::vector<const Worker*> best_combination;
  Bytes largest = 0;
  std::size_t best_group_size = 0, best_devices = 0;
  std::vector<std::string> topology_reasons;  // distinct, in the order first met
};

// The workers joined so far in one count group, their GPU count and their gmu shares.
struct Combination {
  std::vector<const Worker*> joined;
  long long gpus = 0;
  Bytes sum = 0;
};

// GPUStack skips a count group of one worker, and one whose GPU count does not divide by the
// tensor-parallel size (each of its workers is rejected for that).
bool skip_count_group(TypeWalk& t, std::size_t count, const std::vector<const Worker*>& members, DataFields& rec_group) {
  if (members.size() < 2) {
    rec_group.set(DataField{"status", "skipped"});
    rec_group.set(DataField{"skip", DataFields{{"code", kSkipTooFewWorkers}, {"data", DataFields{{"workers", members.size()}}}}});
    return true;
  }
  if (TpCheck tp = t.fit.tp(static_cast<long long>(count)); !tp.ok) {
    for (const Worker* v : members)
      t.rec.reject(*v, view_indexes(v), kRejectTpNotDivisible, "workers", DataFields{{"n", tp.n}, {"quantity", tp.quantity}, {"value", tp.value}});
    rec_group.set(DataField{"status", "skipped"});
    rec_group.set(DataField{"skip", DataFields{{"code", kRejectTpNotDivisible},
                                               {"data", DataFields{{"n", tp.n}, {"quantity", tp.quantity}, {"value", tp.value}}}}});
    return true;
  }
  return false;
}

// Reject a worker short of RAM or with a GPU below gmu; otherwise add it and its GPUs' gmu shares.
bool join_worker(TypeWalk& t, const Worker& w, std::size_t count, Combination& comb) {
  VllmFit& fit = t.fit;
  t.rec.examined_worker();
  const Allocatable& a = fit.alloc(w, t.group.type);
  const DataFields hidden = hidden_in_group(w, t.group.type) ? hidden_type_note(t.rec, fit.ctx.trace, "multi_worker", w, t.group.type) : DataFields();
  if (ram_short(fit.s.ram, a)) {
    t.rec.reject(w, {}, "ram", "workers").shortfalls.push_back(make_shortfall("ram", fit.s.ram, a.ram, ram_capacity(w)));
    return false;
  }
  if (!all_gpus_reach_gmu(fit, t.rec, w, a, t.ratio_data, hidden)) return false;
  comb.joined.push_back(&w);
  comb.gpus += static_cast<long long>(count);
  // With gmu 0 GPUStack sums whole totals here but claims 0 below (Q18).
  for (const GpuDevice& g : w.gpus) comb.sum += static_cast<Bytes>(static_cast<double>(g.memory_total) * (t.gmu != 0 ? t.gmu : 1.0));
  if (t.gmu == 0)
    t.rec.quirk(fit.ctx.trace, "Q18", "vllm multi_worker", "gmu 0: the walk counts whole GPU totals while the claims are 0");
  return true;
}

// With the mp executor, GPUStack checks a multi-worker combination's topology and keeps walking
// when it fails; the reason is remembered for the advice event.
bool topology_rejects(TypeWalk& t, const std::vector<const Worker*>& joined) {
  if (joined.size() <= 1 || t.fit.s.executor.executor != VllmExecutor::mp) return false;
  std::vector<long long> per_node;
  for (const Worker* j : joined) per_node.push_back(static_cast<long long>(j->gpus.size()));
  TopologyCheck check = check_vllm_topology(per_node, read_vllm_parallelism(t.fit.ctx.params));
  if (check.ok) return false;
  Rejection& r = t.rec.reject(*joined.front(), view_indexes(joined.front()), "topology", "combinations",
                              DataFields{{"reason", check.reason}, {"rule", check.code}, {"values", check.values}});
  r.fields.set(DataField{"workers", worker_name_list(joined)});
  if (std::find(t.topology_reasons.begin(), t.topology_reasons.end(), check.reason) == t.topology_reasons.end())
    t.topology_reasons.push_back(check.reason);
  return true;
}

// GPUStack returns the first combination that fits: nothing after it in this type is examined.
void mark_rest_not_examined(TypeWalk& t, const GpuCountGroups& by_count, std::size_t gi, std::size_t mi) {
  const auto& members = by_count[gi].second;
  for (std::size_t rest = mi + 1; rest < members.size(); ++rest) t.rec.not_examined(*members[rest], "first_candidate_returned");
  for (std::size_t later = gi + 1; later < by_count.size(); ++later)
    for (const Worker* lv : by_count[later].second) t.rec.not_examined(*lv, "first_candidate_returned");
}

// A count group whose walk ended without a candidate: record its sum, reject the combination as
// short of VRAM, and keep it when it is the largest so far (strictly larger, so the first wins).
void record_unsatisfied_group(TypeWalk& t, std::size_t count, std::size_t group_size, const Combination& comb, DataFields& rec_group) {
  rec_group.set(DataField{"vram_sum", comb.sum});
  rec_group.set(DataField{"gpus", comb.gpus});
  rec_group.set(DataField{"joined", worker_name_list(comb.joined)});
  if (!comb.joined.empty()) {
    Rejection& r = t.rec.reject(*comb.joined.front(), view_indexes(comb.joined.front()), "vram_total", "combinations", DataFields{{"workers", worker_name_list(comb.joined)}});
    r.shortfalls.push_back(make_shortfall("vram_total", t.fit.s.vram, comb.sum, comb.sum));
  }
  if (comb.sum > t.largest) {
    t.best_combination = comb.joined;
    t.largest = comb.sum;
    t.best_group_size = group_size;
    t.best_devices = count;
  }
}

// Walk one count group, adding workers until the combination holds the estimate. Returns true
// when it produced the type's candidate.
bool walk_count_group(TypeWalk& t, const GpuCountGroups& by_count, std::size_t gi, TypeOutcome& out) {
  const auto& [count, members] = by_count[gi];
  DataFields rec_group{{"gpus_per_worker", count}, {"workers", members.size()}};
  if (skip_count_group(t, count, members, rec_group)) {
    out.groups.push_back(std::move(rec_group));
    return false;
  }
  rec_group.set(DataField{"status", "tried"});
  const int gpu_count = t.fit.s.gpu_count;
  Combination comb;
  for (std::size_t mi = 0; mi < members.size(); ++mi) {
    const Worker& w = *members[mi];
    if (!join_worker(t, w, count, comb)) continue;
    if (gpu_count) {
      if (comb.gpus < gpu_count) continue;
      if (comb.gpus > gpu_count) {  // GPUStack abandons the group once it overshoots the world size
        rec_group.set(DataField{"abandoned", DataFields{{"code", kStopGpuCountExceeded}, {"gpus", comb.gpus}, {"gpu_count", gpu_count}}});
        for (std::size_t rest = mi + 1; rest < members.size(); ++rest) t.rec.not_examined(*members[rest], kStopGpuCountExceeded);
        break;
      }
    }
    t.rec.examined_combination();
    if (comb.sum < t.fit.s.vram) continue;
    if (topology_rejects(t, comb.joined)) continue;
    out.candidate = make_candidate(t.fit, comb.joined, t.gmu);
    if (comb.joined.size() == 1)
      t.rec.quirk(t.fit.ctx.trace, "Q12", "vllm multi_worker: " + w.name,
                  "the multi-worker strategy returned a single worker with no subordinates");
    mark_rest_not_examined(t, by_count, gi, mi);
    rec_group.set(DataField{"result", "candidate"});
    out.groups.push_back(std::move(rec_group));
    return true;
  }
  record_unsatisfied_group(t, count, members.size(), comb, rec_group);
  out.groups.push_back(std::move(rec_group));
  return false;
}

// The type yielded no candidate: GPUStack's event names its largest combination (and advises a
// manual selection).
void record_largest_combination_event(TypeWalk& t) {
  DataFields v{{"type", t.group.type},
               {"topology_reasons", t.topology_reasons},
               {"gmu", t.gmu},
               {"gmu_zero", t.gmu == 0},
               {"largest_vram", t.largest},
               {"largest_vram_gib", round_to_gib(static_cast<double>(t.largest))},
               {"combination", worker_name_list(t.best_combination)},  // GPUStack shows the first 3 and "...(more n)"
               {"left_out", t.best_combination.empty() ? 0
                                                       : static_cast<long long>(t.best_group_size) - static_cast<long long>(t.best_combination.size())},
               {"devices_per_worker", t.best_devices},
               {"manual_advice", true}};
  t.fit.multi_worker_event = VllmEvent{"multi_worker", std::move(v)};
}

TypeOutcome walk_type(VllmFit& fit, StrategyRecorder& rec, const PoolTypeGroup& group) {
  TypeOutcome out;
  if (group.workers.size() < 2) {
    out.groups.push_back(DataFields{
        {"status", "skipped"}, {"skip", DataFields{{"code", kSkipTooFewWorkers}, {"data", DataFields{{"workers", group.workers.size()}}}}}});
    return out;
  }
  TypeWalk t(fit, rec, group);
  const GpuCountGroups by_count = group_by_gpu_count(group.workers);
  for (std::size_t gi = 0; gi < by_count.size(); ++gi)
    if (walk_count_group(t, by_count, gi, out)) return out;
  record_largest_combination_event(t);
  return out;
}

}  // namespace

std::vector<Candidate> run_multi_worker(VllmFit& fit, StrategyRecorder& rec) {
  std::vector<Candidate> all;
  std::vector<DataFields> per_type;
  for (const PoolTypeGroup& group : group_by_gpu_type(fit.pool, rec, fit.ctx.trace)) {
    TypeOutcome o = walk_type(fit, rec, group);
    per_type.push_back(DataFields{{"type", group.type ? DataValue(*group.type) : DataValue(nullptr)},
                                  {"groups", std::move(o.groups)},
                                  {"candidate", o.candidate.has_value()}});
    if (o.candidate) all.push_back(std::move(*o.candidate));
  }
  rec.extra("types", std::move(per_type));
  return all;
}

}  // namespace placement
