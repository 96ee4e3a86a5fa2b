// §3.4.6 single worker, multi GPU: per worker, balanced GPU groups (ascending), each group gated
// on the utilisation ratio and on holding VRAM/u, then vLLM-style accumulation by allocatable
// descending with claims int(total × u). Runs for gpu_count 1 too, as GPUStack does.
#include <algorithm>
#include <cmath>

#include "fit/common/shared_rules.h"
#include "fit/common/rejection_codes.h"
#include "fit/common/rejections.h"
#include "fit/sglang/events.h"
#include "fit/sglang/examined_counts.h"
#include "fit/sglang/gpu_memory_groups.h"
#include "fit/sglang/python_numbers.h"
#include "fit/sglang/strategies.h"

namespace placement {

namespace {

std::vector<int> indexes_of(const std::vector<GpuInfo>& group) {
  std::vector<int> out;
  for (const auto& g : group) out.push_back(g.gpu.index);
  return out;
}

struct Accumulation {
  bool found = false;
  std::vector<int> indexes;
  VramMap claim;
  Bytes vram_sum = 0;
  std::vector<std::int64_t> tp_failed;  // GPU counts skipped for tensor-parallel divisibility
  bool any_tp_ok = false;
};

Accumulation accumulate(const SglangRun& run, std::vector<GpuInfo> group, double u) {
  std::stable_sort(group.begin(), group.end(), [](const GpuInfo& a, const GpuInfo& b) { return a.alloc > b.alloc; });
  Accumulation acc;
  long long gpu_sum = 0;
  for (const GpuInfo& g : group) {
    acc.indexes.push_back(g.gpu.index);
    // int(total × u) whatever the sign of u (a calculator u can be negative on tiny GPUs).
    const Bytes claim = run.diffusion ? g.alloc : static_cast<Bytes>(static_cast<double>(g.gpu.memory_total) * u);
    acc.claim.emplace_back(g.gpu.index, claim);
    ++gpu_sum;
    acc.vram_sum += acc.claim.back().second;
    if (!tp_ok(run.hp, gpu_sum, run.ctx.params, VisionRule::sglang).ok) {
      acc.tp_failed.push_back(gpu_sum);
      continue;
    }
    acc.any_tp_ok = true;
    if (run.gpu_count && *run.gpu_count != 0 && gpu_sum >= *run.gpu_count) {
      acc.found = acc.vram_sum >= run.vram;  // with gpu_count set it may not take more GPUs
      break;
    }
    if (!(run.gpu_count && *run.gpu_count != 0) && acc.vram_sum >= run.vram) {
      acc.found = true;
      break;
    }
  }
  return acc;
}

// The strategy's rejections and counters while it walks the workers.
struct MultiGpuWalk {
  explicit MultiGpuWalk(SglangRun& r) : run(r) {}
  SglangRun& run;
  std::shared_ptr<Rejections> rejections = std::make_shared<Rejections>();
  std::shared_ptr<const DataFields> vram_total_rule = std::make_shared<const DataFields>(DataFields{{"rule", "sum_alloc_at_least_vram_over_u"}});
  long long workers_seen = 0, groups_seen = 0;

  Rejection& reject(const Worker& w, GpuIndexList gpu_indexes, const char* code, DataFields data = {}) {
    return add_rejection(*rejections, w, std::move(gpu_indexes), code, {}, std::move(data));
  }
};

// GPUStack gates a group on every GPU: the utilisation ratio, or (diffusion) the per-GPU VRAM.
std::vector<Shortfall> failing_gpus(const MultiGpuWalk& walk, const Worker& w, const std::vector<GpuInfo>& group,
                                    const GpuType& type, double u) {
  const SglangRun& run = walk.run;
  std::vector<Shortfall> failing;
  for (const GpuInfo& g : group) {
    if (!run.diffusion && static_cast<double>(g.alloc) / static_cast<double>(g.gpu.memory_total) < u) {
      failing.push_back(typed_ratio_shortfall(g.gpu.index, g.alloc, g.gpu.memory_total, u, g.allocated));
      mark_q3_if_reserve_only(run.ctx.trace, "sglang.single_worker_multi_gpu", w, g.gpu.index, g.allocated);
    }
    if (run.diffusion && static_cast<double>(g.alloc) < run.effective_vram(type))
      failing.push_back(Shortfall{"vram", g.gpu.index, run.vram, g.alloc, run.vram - g.alloc, g.alloc + g.allocated >= run.vram});
  }
  return failing;
}

// The figures GPUStack's note reads: the group with the most allocatable VRAM so far.
void remember_largest_group(SglangRun& run, const Worker& w, std::size_t group_size, Bytes total) {
  if (total <= run.largest_multi_gpu_vram) return;
  run.largest_multi_gpu_vram = total;
  run.largest_multi_gpu_satisfied = static_cast<int>(group_size);
  run.largest_multi_gpu_total = static_cast<int>(w.gpus.size());
}

// Does the group's allocatable sum fall short of VRAM / u? Then it is rejected before any walk.
bool group_short_of_vram(MultiGpuWalk& walk, const Worker& w, const std::vector<GpuInfo>& group, Bytes total, const GpuType& type) {
  const double effective = walk.run.effective_vram(type);
  if (static_cast<double>(total) >= effective) return false;
  const Bytes need = static_cast<Bytes>(std::ceil(effective));
  Bytes allocated = 0;
  for (const GpuInfo& g : group) allocated += g.allocated;
  Rejection& r = walk.reject(w, indexes_of(group), kRejectInsufficient);
  r.shortfalls.push_back(Shortfall{"vram_total", std::nullopt, need, total, need - total, total + allocated >= need});
  r.shared_fields = walk.vram_total_rule;
  return true;
}

// The accumulation found nothing: no GPU count divided by tp, else the claims fell short.
void reject_failed_accumulation(MultiGpuWalk& walk, const Worker& w, const std::vector<GpuInfo>& group, const Accumulation& acc) {
  const SglangRun& run = walk.run;
  DataFields data{{"tp_not_divisible_at", acc.tp_failed}, {"gpu_count", run.gpu_count ? DataValue(*run.gpu_count) : DataValue()}};
  if (!acc.any_tp_ok) {
    walk.reject(w, indexes_of(group), kRejectTpNotDivisible, std::move(data));
    return;
  }
  walk.reject(w, acc.indexes, kRejectInsufficient, std::move(data))
      .shortfalls.push_back(Shortfall{"vram_total", std::nullopt, run.vram, acc.vram_sum, run.vram - acc.vram_sum, false});
}

Candidate group_candidate(const SglangRun& run, const Worker& w, const GpuType& type, const Accumulation& acc,
                          const std::optional<double>& u_entry) {
  Candidate c;
  c.worker_id = w.id;
  c.worker_name = w.name;
  c.scored_worker = run.pool.copy_of(&w);
  c.gpu_type = type;
  c.gpu_indexes = acc.indexes;
  c.claim.vram = acc.claim;
  c.claim.vram_present = true;
  c.claim.ram = claim_ram(run.ctx.model, acc.claim);
  c.claim.vram_utilization = u_entry;
  c.claim.is_unified_memory = false;
  return c;
}

// One balanced GPU group of the worker: gated, then walked; the candidate when it holds the estimate.
std::optional<Candidate> try_group(MultiGpuWalk& walk, const Worker& w, const std::vector<GpuInfo>& group, const GpuType& type) {
  SglangRun& run = walk.run;
  const auto u_entry = run.u_of(type);
  const double u = u_entry.value_or(0);
  ++walk.groups_seen;
  std::vector<Shortfall> failing = failing_gpus(walk, w, group, type, u);
  if (!failing.empty()) {
    walk.reject(w, indexes_of(group), kRejectInsufficient).shortfalls = std::move(failing);
    return std::nullopt;
  }
  Bytes total = 0;
  for (const GpuInfo& g : group) total += g.alloc;
  if (group.size() < 2) {
    walk.reject(w, indexes_of(group), kRejectGpuCount, DataFields{{"have", group.size()}, {"need", 2}, {"why", "balanced group"}});
    return std::nullopt;
  }
  remember_largest_group(run, w, group.size(), total);
  if (group_short_of_vram(walk, w, group, total, type)) return std::nullopt;
  Accumulation acc = accumulate(run, group, u);
  if (!acc.found) {
    reject_failed_accumulation(walk, w, group, acc);
    return std::nullopt;
  }
  return group_candidate(run, w, type, acc, u_entry);
}

// The worker's groups in ascending order; the first that yields a candidate ends the worker,
// and a worker with none leaves GPUStack's note about it.
void try_worker(MultiGpuWalk& walk, const Worker& w, const GpuType& type, std::vector<Candidate>& out) {
  SglangRun& run = walk.run;
  ++walk.workers_seen;
  if (w.gpus.size() < 2) {
    walk.reject(w, {}, kRejectGpuCount, DataFields{{"have", w.gpus.size()}, {"need", 2}, {"gpu_type", type_label(type)}});
    return;  // GPUStack returns before recording any event for such a worker
  }
  GpuMemoryGroups mg = group_gpus_by_memory({&w}, run.ctx.allocation, run.ram, type);
  if (!mg.ram_short.empty()) {
    Allocatable a = run.ctx.allocation.compute(w, type);
    walk.reject(w, {}, kRejectInsufficient)
        .shortfalls.push_back(Shortfall{"ram", std::nullopt, run.ram, a.ram, run.ram - a.ram, a.ram + a.allocated_ram >= run.ram});
  }
  for (const auto& group : mg.groups)
    if (auto c = try_group(walk, w, group, type)) {
      out.push_back(std::move(*c));
      return;
    }
  run.events.single_worker_multi_gpu = no_candidate_event(run, w, type);
}

}  // namespace

std::vector<Candidate> sglang_single_worker_multi_gpu(SglangRun& run, StrategyRecord& record) {
  std::vector<Candidate> out;
  MultiGpuWalk walk(run);
  for (const PoolTypeGroup& tg : group_by_gpu_type(run.pool, run.ctx.trace))
    for (const Worker* w : tg.workers) try_worker(walk, *w, tg.type, out);
  // SGLang's examined counts workers and GPU groups, not the §6.3 units: an extra.
  record.list("examined", std::make_shared<SglangExamined>(SglangExamined({{"workers", walk.workers_seen}, {"groups", walk.groups_seen}})));
  record.set_rejections(std::move(walk.rejections));
  return out;
}

}  // namespace placement
