#include "fit/sglang/events.h"

#include "fit/common/shared_rules.h"
#include "fit/sglang/python_numbers.h"

namespace placement {

DataFields largest_combination_event(const LargestCombination& largest) {
  DataFields ev;
  if (!largest.workers.empty()) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < largest.workers.size() && i < 3; ++i) names.push_back(largest.workers[i]->name);
    ev.set({"combination", std::move(names)});
    ev.set({"combination_size", largest.workers.size()});
    ev.set({"sum", largest.vram});
    ev.set({"sum_gib", python_gib(largest.vram)});
    ev.set({"left_out", largest.group_size - largest.workers.size()});
    ev.set({"gpus_per_worker", largest.devices_per_worker});
  }
  ev.set({"advice", "manual_selection"});
  return ev;
}

namespace {

// GPUStack's effective VRAM of the largest group: its sum at u, scaled by the share of the
// worker's GPUs it used (0 for a worker without GPUs).
Bytes effective_vram(const SglangRun& run, double u) {
  if (run.largest_multi_gpu_total <= 0) return 0;
  return static_cast<Bytes>(static_cast<double>(run.largest_multi_gpu_vram) * u *
                            static_cast<double>(run.largest_multi_gpu_satisfied) /
                            static_cast<double>(run.largest_multi_gpu_total));
}

}  // namespace

DataFields no_candidate_event(const SglangRun& run, const Worker& w, const GpuType& type) {
  DataFields ev{{"worker", w.name}};
  const long long satisfied = run.largest_multi_gpu_satisfied;
  if (satisfied != 0) {
    TpCheck check = tp_ok(run.hp, satisfied, run.ctx.params, VisionRule::sglang);
    if (!check.ok) {
      ev.set({"tp_reason", DataFields{{"quantity", check.quantity}, {"value", check.value}, {"n", check.n}, {"text", check.reason()}}});
      return ev;
    }
  }
  if (run.diffusion) {
    const Bytes per_gpu = static_cast<Bytes>(run.effective_vram(type));
    ev.set({"diffusion_per_gpu_vram", per_gpu});
    ev.set({"diffusion_per_gpu_vram_gib", python_gib(per_gpu)});
    return ev;
  }
  ev.set({"largest_sum", run.largest_multi_gpu_vram});
  ev.set({"largest_sum_text", python_fixed2(python_gib(run.largest_multi_gpu_vram))});
  const auto u = run.u_of(type);
  if (!(u && *u == 0)) {
    ev.set({"satisfied", run.largest_multi_gpu_satisfied});
    ev.set({"total", run.largest_multi_gpu_total});
    const Bytes effective = effective_vram(run, u.value_or(0));
    ev.set({"effective_vram", effective});
    // Without GPUs the GiB figure is the integer 0 (not 0.0), as the reference output has it.
    if (run.largest_multi_gpu_total > 0) ev.set({"effective_vram_gib", python_gib(effective)});
    else ev.set({"effective_vram_gib", 0});
  }
  return ev;
}

}  // namespace placement
