// §3.4.5 single GPU: vLLM's utilisation rule with u_t even when u_t ≤ 0; image models need only
// estimate ≤ total and claim the estimate.
#include "fit/common/shared_rules.h"
#include "fit/sglang/checked_allocatable.h"
#include "fit/sglang/python_numbers.h"
#include "fit/sglang/strategies.h"
#include "scenario/errors.h"

namespace placement {

namespace {

Candidate single_gpu_candidate(const SglangRun& run, const Worker& w, const GpuDevice& gpu, const GpuType& group_type) {
  Candidate c;
  c.worker_id = w.id;
  c.worker_name = w.name;
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

}  // namespace

std::vector<Candidate> sglang_single_gpu(SglangRun& run, Json& record) {
  std::vector<Candidate> out;
  Trace& trace = run.ctx.trace;
  long long workers_seen = 0, gpus_seen = 0, vram_short = 0, ratio_short = 0, ram_short_workers = 0;
  Json rejections = Json::array();
  for (const PoolTypeGroup& group : run.pool.group_by_gpu_type(trace)) {
    const auto u = run.u_of(group.type);
    for (const Worker* w : group.workers) {
      ++workers_seen;
      Allocatable a = checked_allocatable(run.ctx.allocation, *w, group.type);
      if (ram_short(run.ram, a)) {
        ++ram_short_workers;
        rejections.push_back(rejection(subject_of(*w), "insufficient", Json::array({ram_shortfall(run.ram, a.ram, a.allocated_ram)}),
                                       Json{{"gpu_type", type_label(group.type)}}));
        continue;
      }
      if (w->gpus.empty()) {
        rejections.push_back(rejection(subject_of(*w), "no_gpus"));
        continue;
      }
      Bytes largest = 0;
      double largest_rate = 0;
      std::size_t found_before = out.size();
      for (const GpuDevice& gpu : w->gpus) {
        ++gpus_seen;
        const Bytes alloc = a.gpu_or_zero(gpu.index);
        if (gpu.memory_total == 0)
          throw ReferenceError("fit", "GPU " + std::to_string(gpu.index) + " of " + w->name +
                                          " reports memory.total 0: GPUStack divides by it (ZeroDivisionError)",
                               Json{{"worker", w->name}, {"gpu_index", gpu.index}});
        const double rate = static_cast<double>(alloc) / static_cast<double>(gpu.memory_total);
        if (alloc > largest) largest = alloc, largest_rate = rate;
        const double capacity = run.diffusion ? static_cast<double>(gpu.memory_total)
                                              : static_cast<double>(gpu.memory_total) * u.value_or(0);
        const bool exceeds_vram = static_cast<double>(run.vram) > capacity;
        const bool exceeds_ratio = !run.diffusion && rate < u.value_or(0);
        if (exceeds_vram || exceeds_ratio) {
          Json shortfalls = Json::array();
          if (exceeds_vram) {
            ++vram_short;
            const Bytes have = static_cast<Bytes>(capacity);
            shortfalls.push_back(Json{{"dim", "vram"}, {"gpu_index", gpu.index}, {"need", run.vram}, {"have", have},
                                      {"short", run.vram - have}, {"freeable", false}});
          }
          if (exceeds_ratio) {
            ++ratio_short;
            shortfalls.push_back(ratio_shortfall(gpu.index, alloc, gpu.memory_total, *u, a.allocated_gpu(gpu.index)));
            mark_q3_if_reserve_only(trace, "sglang.single_gpu", *w, gpu.index, a.allocated_gpu(gpu.index));
          }
          rejections.push_back(rejection(subject_of(*w, {gpu.index}), "insufficient", shortfalls, Json{{"gpu_type", gpu.type}}));
          continue;
        }
        out.push_back(single_gpu_candidate(run, *w, gpu, group.type));
      }
      if (out.size() == found_before) {
        Json ev{{"worker", w->name}, {"largest_alloc", largest}, {"largest_alloc_gib", python_gib(largest)}};
        if (!(u && *u == 0) && !run.diffusion) {
          ev["percent"] = largest_rate * 100;
          ev["percent_text"] = python_fixed2(largest_rate * 100);
        }
        run.events.single_gpu = ev;
      }
    }
  }
  record["examined"] = Json{{"workers", workers_seen}, {"gpus", gpus_seen}};
  record["rejections"] = rejections;
  if (vram_short) trace.summary("vram_short_at_u", vram_short, gpus_seen, "gpus", Json{{"strategy", "single_gpu"}});
  if (ratio_short) trace.summary("vram_ratio_short", ratio_short, gpus_seen, "gpus", Json{{"strategy", "single_gpu"}});
  if (ram_short_workers) trace.summary("ram_short", ram_short_workers, workers_seen, "workers", Json{{"strategy", "single_gpu"}});
  return out;
}

}  // namespace placement
