// §3.4.5 single GPU: vLLM's utilisation rule with u_t even when u_t ≤ 0; image models need only
// estimate ≤ total and claim the estimate.
#include "fit/common/rejection_codes.h"
#include "fit/common/rejections.h"
#include "fit/common/shared_rules.h"
#include "fit/sglang/checked_allocatable.h"
#include "fit/sglang/examined_counts.h"
#include "fit/sglang/python_numbers.h"
#include "fit/sglang/strategies.h"
#include "scenario/errors.h"

namespace placement {

namespace {

Candidate single_gpu_candidate(const SglangRun& run, const Worker& w, const GpuDevice& gpu, const GpuType& group_type) {
  Candidate c;
  c.worker_id = w.id;
  c.worker_name = w.name;
  c.scored_worker = run.pool.copy_of(&w);
  c.gpu_type = gpu.type;
  c.gpu_indexes = std::vector<int>{gpu.index};
  const auto u = run.u_of(group_type);
  // GPUStack builds the claim from the GPUs of the group's type only (Q1 can leave none).
  const bool same_type = !group_type || gpu.type == *group_type;
  if (same_type) {
    const double claim_u = run.diffusion ? 0 : u.value_or(0);
    c.claim.vram.emplace_back(gpu.index, claim_u > 0 ? gpu_claim(gpu.memory_total, claim_u, 0, 1)
                                         : run.diffusion ? gpu_claim(gpu.memory_total, 0, run.vram, 1)
                                                         : 0);
  }
  c.claim.vram_present = true;
  c.claim.ram = claim_ram(run.ctx.model, c.claim.vram);
  c.claim.vram_utilization = u;
  c.claim.is_unified_memory = false;
  return c;
}

// The strategy's rejections and counters while it walks the workers.
struct SingleGpuWalk {
  explicit SingleGpuWalk(SglangRun& r) : run(r) {}
  SglangRun& run;
  std::shared_ptr<Rejections> rejections = std::make_shared<Rejections>();
  long long workers_seen = 0, gpus_seen = 0, vram_short = 0, ratio_short = 0, ram_short_workers = 0;
  // {"gpu_type": type} per GPU type (few), shared by the rejections of that type.
  std::vector<std::pair<std::string, std::shared_ptr<const DataFields>>> type_data;

  Rejection& reject(const Worker& w, GpuIndexList gpu_indexes, const char* code) {
    return add_rejection(*rejections, w, std::move(gpu_indexes), code);
  }
  std::shared_ptr<const DataFields> gpu_type_data(const std::string& type) {
    for (const auto& [t, d] : type_data)
      if (t == type) return d;
    auto d = std::make_shared<const DataFields>(DataFields{{"gpu_type", type}});
    type_data.emplace_back(type, d);
    return d;
  }
};

// The GPU must hold the estimate at u (total × u; diffusion: its total) and, unless diffusion,
// reach the ratio u; a GPU failing either is rejected with both shortfalls.
bool gpu_fits(SingleGpuWalk& walk, const Worker& w, const GpuDevice& gpu, const Allocatable& a, const std::optional<double>& u) {
  const SglangRun& run = walk.run;
  const Bytes alloc = a.gpu_or_zero(gpu.index);
  const double rate = static_cast<double>(alloc) / static_cast<double>(gpu.memory_total);
  const double capacity = run.diffusion ? static_cast<double>(gpu.memory_total) : static_cast<double>(gpu.memory_total) * u.value_or(0);
  const bool exceeds_vram = static_cast<double>(run.vram) > capacity;
  const bool exceeds_ratio = !run.diffusion && rate < u.value_or(0);
  if (!exceeds_vram && !exceeds_ratio) return true;
  Rejection& r = walk.reject(w, {gpu.index}, kRejectInsufficient);
  if (exceeds_vram) {
    ++walk.vram_short;
    const Bytes have = static_cast<Bytes>(capacity);
    r.shortfalls.push_back(Shortfall{"vram", gpu.index, run.vram, have, run.vram - have, false});
  }
  if (exceeds_ratio) {
    ++walk.ratio_short;
    r.shortfalls.push_back(typed_ratio_shortfall(gpu.index, alloc, gpu.memory_total, *u, a.allocated_gpu(gpu.index)));
    mark_q3_if_reserve_only(run.ctx.trace, "sglang.single_gpu", w, gpu.index, a.allocated_gpu(gpu.index));
  }
  r.shared_fields = walk.gpu_type_data(gpu.type);
  return false;
}

// Every GPU of the worker is its own candidate when it fits; a worker with none leaves GPUStack's
// note about its largest GPU.
void try_worker(SingleGpuWalk& walk, const Worker& w, const GpuType& group_type, std::vector<Candidate>& out) {
  SglangRun& run = walk.run;
  const auto u = run.u_of(group_type);
  ++walk.workers_seen;
  Allocatable a = checked_allocatable(run.ctx.allocation, w, group_type);
  if (ram_short(run.ram, a)) {
    ++walk.ram_short_workers;
    Rejection& r = walk.reject(w, {}, kRejectInsufficient);
    r.shortfalls.push_back(Shortfall{"ram", std::nullopt, run.ram, a.ram, run.ram - a.ram, a.ram + a.allocated_ram >= run.ram});
    r.fields = DataFields{{"gpu_type", type_label(group_type)}};
    return;
  }
  if (w.gpus.empty()) {
    walk.reject(w, {}, kRejectNoGpus);
    return;
  }
  Bytes largest = 0;
  double largest_rate = 0;
  const std::size_t found_before = out.size();
  for (const GpuDevice& gpu : w.gpus) {
    ++walk.gpus_seen;
    const Bytes alloc = a.gpu_or_zero(gpu.index);
    if (gpu.memory_total == 0)
      throw ReferenceError("fit", "GPU " + std::to_string(gpu.index) + " of " + w.name +
                                      " reports memory.total 0: GPUStack divides by it (ZeroDivisionError)",
                           DataFields{{"worker", w.name}, {"gpu_index", gpu.index}});
    const double rate = static_cast<double>(alloc) / static_cast<double>(gpu.memory_total);
    if (alloc > largest) largest = alloc, largest_rate = rate;
    if (gpu_fits(walk, w, gpu, a, u)) out.push_back(single_gpu_candidate(run, w, gpu, group_type));
  }
  if (out.size() != found_before) return;
  DataFields ev{{"worker", w.name}, {"largest_alloc", largest}, {"largest_alloc_gib", python_gib(largest)}};
  if (!(u && *u == 0) && !run.diffusion) {
    ev.set({"percent", largest_rate * 100});
    ev.set({"percent_text", python_fixed2(largest_rate * 100)});
  }
  run.events.single_gpu = ev;
}

}  // namespace

std::vector<Candidate> sglang_single_gpu(SglangRun& run, StrategyRecord& record) {
  std::vector<Candidate> out;
  Trace& trace = run.ctx.trace;
  SingleGpuWalk walk(run);
  for (const PoolTypeGroup& group : group_by_gpu_type(run.pool, trace))
    for (const Worker* w : group.workers) try_worker(walk, *w, group.type, out);
  // SGLang's examined counts only what this walk sees (no combinations, no queries): an extra.
  record.list("examined", std::make_shared<SglangExamined>(SglangExamined({{"workers", walk.workers_seen}, {"gpus", walk.gpus_seen}})));
  record.set_rejections(std::move(walk.rejections));
  const DataFields where{{"strategy", "single_gpu"}};
  if (walk.vram_short) trace.summary("vram_short_at_u", walk.vram_short, walk.gpus_seen, "gpus", where);
  if (walk.ratio_short) trace.summary("vram_ratio_short", walk.ratio_short, walk.gpus_seen, "gpus", where);
  if (walk.ram_short_workers) trace.summary("ram_short", walk.ram_short_workers, walk.workers_seen, "workers", where);
  return out;
}

}  // namespace placement
