// §3.4.7 multi worker: balanced GPU groups over all workers of a type only *gate* the search; each
// gate runs a walk over every worker of the type (Q26), by GPU count, without gpu_count limit.
#include <algorithm>

#include "fit/common/shared_rules.h"
#include "fit/common/rejection_codes.h"
#include "fit/common/rejections.h"
#include "fit/sglang/checked_allocatable.h"
#include "fit/sglang/events.h"
#include "fit/sglang/examined_counts.h"
#include "fit/sglang/gpu_memory_groups.h"
#include "fit/sglang/multi_worker_record.h"
#include "fit/sglang/python_numbers.h"
#include "fit/sglang/strategies.h"
#include "scenario/errors.h"

namespace placement {

namespace {

Bytes claim_at(const GpuDevice& g, double u) { return static_cast<Bytes>(static_cast<double>(g.memory_total) * u); }

// GPUStack's _create_candidate: the first joiner is the main worker, the rest subordinates; every
// GPU of each worker at int(total × u); only subordinates carry vram_utilization.
Candidate create_candidate(const SglangRun& run, const std::vector<const Worker*>& selected, double u) {
  Candidate c;
  const Worker& main = *selected.front();
  c.worker_id = main.id;
  c.worker_name = main.name;
  c.scored_worker = run.pool.copy_of(&main);
  std::vector<int> indexes;
  std::optional<std::string> gpu_type;
  for (const GpuDevice& g : main.gpus) {
    indexes.push_back(g.index);
    c.claim.vram.emplace_back(g.index, claim_at(g, u));
    gpu_type = g.type;
  }
  c.gpu_type = gpu_type;
  c.gpu_indexes = indexes;
  c.claim.vram_present = true;
  c.claim.ram = claim_ram(run.ctx.model, c.claim.vram);
  c.claim.is_unified_memory = false;
  for (std::size_t i = 1; i < selected.size(); ++i) {
    SubordinateWorker s;
    s.worker_id = selected[i]->id;
    s.worker_name = selected[i]->name;
    ResourceClaim claim;
    std::vector<int> sub_indexes;
    for (const GpuDevice& g : selected[i]->gpus) {
      sub_indexes.push_back(g.index);
      claim.vram.emplace_back(g.index, claim_at(g, u));
    }
    claim.vram_present = true;
    claim.ram = claim_ram(run.ctx.model, claim.vram);
    claim.vram_utilization = u;
    claim.is_unified_memory = false;
    s.gpu_indexes = sub_indexes;
    s.claim = claim;
    c.subordinate_workers.push_back(std::move(s));
  }
  return c;
}

struct WalkOutcome {
  std::optional<Candidate> candidate;
  std::optional<DataFields> event;  // GPUStack's explanation when the walk found nothing
};

// The first GPU below the utilisation ratio; GPUStack's any() stops there.
std::optional<Shortfall> first_ratio_failure(SglangRun& run, const Worker& w, const Allocatable& a, double u) {
  for (const GpuDevice& g : w.gpus) {
    if (g.memory_total == 0)
      throw ReferenceError("fit", "GPU " + std::to_string(g.index) + " of " + w.name +
                                      " reports memory.total 0: GPUStack divides by it (ZeroDivisionError)",
                           DataFields{{"worker", w.name}, {"gpu_index", g.index}});
    const Bytes alloc = a.gpu_or_zero(g.index);
    if (static_cast<double>(alloc) / static_cast<double>(g.memory_total) < u) {
      Shortfall failure = typed_ratio_shortfall(g.index, alloc, g.memory_total, u, a.allocated_gpu(g.index));
      mark_q3_if_reserve_only(run.ctx.trace, "sglang.multi_worker", w, g.index, a.allocated_gpu(g.index));
      return failure;
    }
  }
  return std::nullopt;
}

// Reject a worker short of RAM, or with a GPU below the utilisation ratio.
bool reject_unfit_worker(SglangRun& run, const Worker& w, const GpuType& type, double u, SglangCountGroup& cg) {
  Allocatable a = checked_allocatable(run.ctx.allocation, w, type);
  if (ram_short(run.ram, a)) {
    add_rejection(cg.rejections, w, {}, kRejectInsufficient, {typed_ram_shortfall(run.ram, a.ram, a.allocated_ram)});
    return true;
  }
  if (auto failure = first_ratio_failure(run, w, a, u)) {
    add_rejection(cg.rejections, w, {}, kRejectInsufficient, {*failure});
    return true;
  }
  return false;
}

// Join the group's fit workers in order until their claims hold the estimate (a count that does
// not divide by tp still joins, but never returns). Without a candidate the group may become the
// largest combination.
std::optional<Candidate> walk_count_group(SglangRun& run, std::size_t count, const std::vector<const Worker*>& group,
                                          const GpuType& type, double u, SglangCountGroup& cg, LargestCombination& largest) {
  std::vector<const Worker*> selected;
  Bytes vram_sum = 0;
  const TpCheck tp = tp_ok(run.hp, static_cast<long long>(count), run.ctx.params, VisionRule::sglang);
  for (const Worker* w : group) {
    if (reject_unfit_worker(run, *w, type, u, cg)) continue;
    selected.push_back(w);
    for (const GpuDevice& g : w->gpus) vram_sum += claim_at(g, u);
    if (!tp.ok) {
      add_rejection(cg.rejections, *w, {}, kRejectTpNotDivisible, {},
                    {{"n", tp.n}, {"quantity", tp.quantity}, {"value", tp.value}, {"joined", true}});
      continue;
    }
    if (vram_sum >= run.vram) {
      cg.joined = selected.size();
      cg.vram_sum = vram_sum;
      return create_candidate(run, selected, u);
    }
  }
  cg.joined = selected.size();
  cg.vram_sum = vram_sum;
  if (vram_sum < run.vram && !selected.empty())
    cg.shortfall = Shortfall{"vram_total", std::nullopt, run.vram, vram_sum, run.vram - vram_sum, false};
  if (vram_sum > largest.vram) largest = LargestCombination{selected, vram_sum, group.size(), count};
  return std::nullopt;
}

// GPUStack's auto_select_multi_worker_multi_gpu_candidates.
WalkOutcome walk(SglangRun& run, const std::vector<const Worker*>& workers, const GpuType& type, double u, SglangWalk& walk_record) {
  WalkOutcome out;
  if (workers.size() < 2) {
    walk_record.stopped = "fewer than 2 workers of the type";
    return out;
  }
  LargestCombination largest;
  for (const auto& [count, group] : group_by_gpu_count(workers)) {
    SglangCountGroup& cg = walk_record.count_groups.emplace_back();
    cg.gpus_per_worker = count;
    cg.workers = group.size();
    if (group.size() < 2) {
      cg.too_few_workers = true;
      continue;
    }
    std::optional<Candidate> candidate = walk_count_group(run, count, group, type, u, cg, largest);
    if (candidate) {
      out.candidate = std::move(candidate);
      return out;
    }
  }
  out.event = largest_combination_event(largest);
  return out;
}

// One balanced GPU group's gate: it fails on a GPU below the ratio or on unequal GPU counts per
// worker; `per_worker` gets the group's (worker id, GPU count) pairs.
void check_gate(const SglangRun& run, const std::vector<GpuInfo>& group, double u, SglangGate& gate,
                std::vector<std::pair<std::int64_t, std::size_t>>& per_worker) {
  for (const GpuInfo& g : group)
    if (!run.diffusion && static_cast<double>(g.alloc) / static_cast<double>(g.gpu.memory_total) < u)
      gate.failing.push_back({g.worker->name, typed_ratio_shortfall(g.gpu.index, g.alloc, g.gpu.memory_total, u, g.allocated)});
  if (!gate.failing.empty()) {
    gate.why = "a GPU fails the utilisation ratio";
    return;
  }
  for (const GpuInfo& g : group) {
    auto it = std::find_if(per_worker.begin(), per_worker.end(), [&](const auto& e) { return e.first == g.worker->id; });
    if (it == per_worker.end()) per_worker.push_back({g.worker->id, 1});
    else ++it->second;
  }
  const bool balanced = std::all_of(per_worker.begin(), per_worker.end(), [&](const auto& e) { return e.second == per_worker.front().second; });
  if (!balanced) gate.why = "its workers contribute different GPU counts";
  else gate.passed = true;
}

void mark_candidate_quirks(Trace& trace, const Candidate& c, const GpuType& type,
                           const std::vector<std::pair<std::int64_t, std::size_t>>& per_worker) {
  std::vector<std::int64_t> ids{c.worker_id};
  for (const auto& s : c.subordinate_workers) ids.push_back(*s.worker_id);
  for (std::int64_t id : ids)
    if (std::none_of(per_worker.begin(), per_worker.end(), [&](const auto& e) { return e.first == id; }))
      trace.quirk("Q26", "sglang.multi_worker:" + type_label(type),
                  "the candidate uses a worker outside the balanced GPU group that opened the search: the group only gates");
  if (c.subordinate_workers.empty())
    trace.quirk("Q12", "sglang.multi_worker:" + type_label(type), "the multi-worker candidate has a single worker and no subordinates");
}

}  // namespace

std::vector<Candidate> sglang_multi_worker(SglangRun& run, StrategyRecord& record) {
  std::vector<Candidate> out;
  Trace& trace = run.ctx.trace;
  auto types = std::make_shared<SglangMultiWorkerTypes>();
  for (PoolTypeGroup& tg : group_by_gpu_type(run.pool, trace)) {
    const double u = run.u_of(tg.type).value_or(0);
    SglangTypeRecord& type_record = types->types.emplace_back();
    type_record.gpu_type = type_label(tg.type);
    type_record.workers = tg.workers.size();
    GpuMemoryGroups mg = group_gpus_by_memory(tg.workers, run.ctx.allocation, run.ram, tg.type);
    for (const Worker* w : mg.ram_short) {
      Allocatable a = run.ctx.allocation.compute(*w, tg.type);
      add_rejection(type_record.rejections, *w, {}, kRejectInsufficient, {typed_ram_shortfall(run.ram, a.ram, a.allocated_ram)});
    }
    // The walk depends on the type only, never on the gate: a failed walk fails the same way for
    // every later gate, so it runs once per type (GPUStack repeats it).
    bool walked = false;
    for (const auto& group : mg.groups) {
      SglangGate& gate = type_record.gates.emplace_back();
      gate.gpus = group.size();
      if (group.size() <= 1) {
        gate.why = "fewer than 2 GPUs";
        continue;
      }
      std::vector<std::pair<std::int64_t, std::size_t>> per_worker;
      check_gate(run, group, u, gate, per_worker);
      if (!gate.passed) continue;
      if (walked) {
        gate.same_walk = true;
        continue;
      }
      walked = true;
      WalkOutcome outcome = walk(run, tg.workers, tg.type, u, gate.walk.emplace());
      if (outcome.event) run.events.multi_worker = *outcome.event;
      if (outcome.candidate) {
        mark_candidate_quirks(trace, *outcome.candidate, tg.type, per_worker);
        out.push_back(*outcome.candidate);
        break;
      }
    }
  }
  // SGLang's multi-worker walk counts GPU types, not the §6.3 units: an extra.
  record.list("examined", std::make_shared<SglangExamined>(SglangExamined({{"gpu_types", types->types.size()}})));
  record.list("types", std::move(types));
  return out;
}

}  // namespace placement
