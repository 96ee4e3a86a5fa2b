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
bool all_gpus_reach_gmu(VllmFit& fit, StrategyRecord& rec, const Worker& w, const Allocatable& a,
                        const std::shared_ptr<const Json>& ratio_data, const Json& hidden) {
  const double gmu = fit.s.gmu.value;
  for (const GpuDevice& device : w.gpus) {
    const GpuDevice* g = &device;
    const Bytes alloc = a.gpu_or_zero(g->index);
    rec.examined_gpus(1);
    if (alloc_ratio(w, *g, alloc) < gmu) {
      Rejection& r = rec.reject(w, {g->index}, "vram_ratio", "gpus");
      r.shared_data = ratio_data;
      const Bytes capacity = hidden.is_null() ? gpu_capacity(w, *g) : 0;
      r.shortfalls.push_back(
          make_shortfall("vram_ratio", least_alloc_passing_ratio(g->memory_total, gmu, false), alloc, capacity, g->index));
      if (!hidden.is_null()) add_note(r, hidden);
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
  Json groups = Json::array();
};

TypeOutcome walk_type(VllmFit& fit, StrategyRecord& rec, const PoolTypeGroup& group) {
  TypeOutcome out;
  const double gmu = fit.s.gmu.value;
  const auto ratio_data = std::make_shared<const Json>(Json{{"gmu", gmu}, {"rule", "every GPU: allocatable / total >= gmu"}});
  const int gpu_count = fit.s.gpu_count;
  if (group.workers.size() < 2) {
    out.groups.push_back(Json{{"status", "skipped"}, {"skip", {{"code", "too_few_workers"}, {"data", {{"workers", group.workers.size()}}}}}});
    return out;
  }
  std::vector<const Worker*> sorted = group.workers;
  sort_by_gpu_count(sorted);
  std::vector<std::pair<std::size_t, std::vector<const Worker*>>> by_count;
  for (const Worker* v : sorted) {
    if (v->gpus.empty()) continue;
    auto it = std::find_if(by_count.begin(), by_count.end(), [&](const auto& e) { return e.first == v->gpus.size(); });
    if (it == by_count.end()) by_count.push_back({v->gpus.size(), {v}});
    else it->second.push_back(v);
  }

  std::vector<const Worker*> best_combination;
  Bytes largest = 0;
  std::size_t best_group_size = 0, best_devices = 0;
  Json topology_reasons = Json::array();

  for (std::size_t gi = 0; gi < by_count.size(); ++gi) {
    const auto& [count, members] = by_count[gi];
    Json rec_group{{"gpus_per_worker", count}, {"workers", members.size()}};
    if (members.size() < 2) {
      rec_group["status"] = "skipped";
      rec_group["skip"] = Json{{"code", "too_few_workers"}, {"data", {{"workers", members.size()}}}};
      out.groups.push_back(std::move(rec_group));
      continue;
    }
    if (TpCheck tp = fit.tp(static_cast<long long>(count)); !tp.ok) {
      for (const Worker* v : members)
        rec.reject(*v, view_indexes(v), "tp_not_divisible", "workers", Json{{"n", tp.n}, {"quantity", tp.quantity}, {"value", tp.value}});
      rec_group["status"] = "skipped";
      rec_group["skip"] = Json{{"code", "tp_not_divisible"}, {"data", {{"n", tp.n}, {"quantity", tp.quantity}, {"value", tp.value}}}};
      out.groups.push_back(std::move(rec_group));
      continue;
    }
    rec_group["status"] = "tried";
    std::vector<const Worker*> joined;
    long long gpus = 0;
    Bytes sum = 0;
    for (std::size_t mi = 0; mi < members.size(); ++mi) {
      const Worker& w = *members[mi];
      rec.examined_worker();
      const Allocatable& a = fit.alloc(w, group.type);
      const Json hidden = hidden_in_group(w, group.type) ? hidden_type_note(rec, fit.ctx.trace, "multi_worker", w, group.type) : Json();
      if (ram_short(fit.s.ram, a)) {
        rec.reject(w, {}, "ram", "workers").shortfalls.push_back(make_shortfall("ram", fit.s.ram, a.ram, ram_capacity(w)));
        continue;
      }
      if (!all_gpus_reach_gmu(fit, rec, w, a, ratio_data, hidden)) continue;
      joined.push_back(&w);
      gpus += static_cast<long long>(count);
      // With gmu 0 GPUStack sums whole totals here but claims 0 below (Q18).
      for (const GpuDevice& g : w.gpus) sum += static_cast<Bytes>(static_cast<double>(g.memory_total) * (gmu != 0 ? gmu : 1.0));
      if (gmu == 0)
        rec.quirk(fit.ctx.trace, "Q18", "vllm multi_worker", "gmu 0: the walk counts whole GPU totals while the claims are 0");
      if (gpu_count) {
        if (gpus < gpu_count) continue;
        if (gpus > gpu_count) {
          rec_group["abandoned"] = Json{{"code", "gpu_count_exceeded"}, {"gpus", gpus}, {"gpu_count", gpu_count}};
          for (std::size_t rest = mi + 1; rest < members.size(); ++rest)
            rec.not_examined(*members[rest], "gpu_count_exceeded");
          break;
        }
      }
      rec.examined_combination();
      if (sum < fit.s.vram) continue;
      if (joined.size() > 1 && fit.s.executor.executor == VllmExecutor::mp) {
        std::vector<long long> per_node;
        for (const Worker* j : joined) per_node.push_back(static_cast<long long>(j->gpus.size()));
        TopologyCheck t = check_vllm_topology(per_node, read_vllm_parallelism(fit.ctx.params));
        if (!t.ok) {
          Rejection& r = rec.reject(*joined.front(), view_indexes(joined.front()), "topology", "combinations",
                               Json{{"reason", t.reason}, {"rule", t.code}, {"values", t.values}});
          Json names = Json::array();
          for (const Worker* j : joined) names.push_back(j->name);
          r.data["workers"] = names;
          if (std::find(topology_reasons.begin(), topology_reasons.end(), Json(t.reason)) == topology_reasons.end())
            topology_reasons.push_back(t.reason);
          continue;
        }
      }
      out.candidate = make_candidate(fit, joined, gmu);
      if (joined.size() == 1)
        rec.quirk(fit.ctx.trace, "Q12", "vllm multi_worker: " + w.name,
                  "the multi-worker strategy returned a single worker with no subordinates");
      for (std::size_t rest = mi + 1; rest < members.size(); ++rest) rec.not_examined(*members[rest], "first_candidate_returned");
      for (std::size_t later = gi + 1; later < by_count.size(); ++later)
        for (const Worker* lv : by_count[later].second) rec.not_examined(*lv, "first_candidate_returned");
      rec_group["result"] = "candidate";
      out.groups.push_back(std::move(rec_group));
      return out;
    }
    rec_group["vram_sum"] = sum;
    rec_group["gpus"] = gpus;
    Json names = Json::array();
    for (const Worker* j : joined) names.push_back(j->name);
    rec_group["joined"] = names;
    if (!joined.empty()) {
      Rejection& r = rec.reject(*joined.front(), view_indexes(joined.front()), "vram_total", "combinations", Json{{"workers", names}});
      r.shortfalls.push_back(make_shortfall("vram_total", fit.s.vram, sum, sum));
    }
    out.groups.push_back(std::move(rec_group));
    if (sum > largest) {
      best_combination = joined;
      largest = sum;
      best_group_size = members.size();
      best_devices = count;
    }
  }

  Json v{{"type", group.type ? Json(*group.type) : Json(nullptr)}, {"topology_reasons", topology_reasons}, {"gmu", gmu}};
  v["gmu_zero"] = gmu == 0;
  v["largest_vram"] = largest;
  v["largest_vram_gib"] = round_to_gib(static_cast<double>(largest));
  Json names = Json::array();
  for (const Worker* j : best_combination) names.push_back(j->name);
  v["combination"] = names;  // GPUStack shows the first 3 and "...(more n)"
  v["left_out"] = best_combination.empty() ? 0 : static_cast<long long>(best_group_size) - static_cast<long long>(best_combination.size());
  v["devices_per_worker"] = best_devices;
  v["manual_advice"] = true;
  fit.multi_worker_event = VllmEvent{"multi_worker", std::move(v)};
  return out;
}

}  // namespace

std::vector<Candidate> run_multi_worker(VllmFit& fit, StrategyRecord& rec) {
  std::vector<Candidate> all;
  Json per_type = Json::array();
  for (const PoolTypeGroup& group : group_by_gpu_type(fit.pool, rec, fit.ctx.trace)) {
    TypeOutcome o = walk_type(fit, rec, group);
    per_type.push_back(Json{{"type", group.type ? Json(*group.type) : Json(nullptr)}, {"groups", std::move(o.groups)}, {"candidate", o.candidate.has_value()}});
    if (o.candidate) all.push_back(std::move(*o.candidate));
  }
  rec.detail("types") = std::move(per_type);
  return all;
}

}  // namespace placement
