#include "fit/sglang/sglang_run.h"

#include <cmath>

namespace placement {

std::optional<double> SglangRun::u_of(const GpuType& type) const {
  for (const auto& e : utilisation)
    if (!e.wildcard && e.type == type) return e.u;
  return std::nullopt;
}

bool SglangRun::has_u_entry(const GpuType& type) const {
  for (const auto& e : utilisation)
    if (!e.wildcard && e.type == type) return true;
  return false;
}

double SglangRun::effective_vram(const GpuType& type) const {
  const auto u = u_of(type);
  if (diffusion || (u && *u == 0)) return static_cast<double>(vram);
  // A missing entry cannot reach here for text models: auto paths cover every type.
  return static_cast<double>(vram) / u.value_or(1.0);
}

Shortfall typed_ratio_shortfall(int gpu_index, Bytes alloc, Bytes total, double u, Bytes allocated_on_gpu) {
  const Bytes need = static_cast<Bytes>(std::ceil(static_cast<double>(total) * u));
  return Shortfall{"vram_ratio", gpu_index, need, alloc, need - alloc, alloc + allocated_on_gpu >= need};
}

void mark_q3_if_reserve_only(Trace& trace, const std::string& where, const Worker& w, int gpu_index, Bytes allocated_on_gpu) {
  if (allocated_on_gpu != 0 || w.reserved_vram <= 0) return;
  trace.quirk("Q3", where + ":" + w.name + ":" + std::to_string(gpu_index),
              "GPU " + std::to_string(gpu_index) + " of " + w.name +
                  " fails the utilisation ratio only because of the VRAM reserve: eligibility uses alloc/total, claims use total×u");
}

Shortfall typed_ram_shortfall(Bytes need, Bytes have, Bytes allocated) {
  return Shortfall{"ram", std::nullopt, need, have, need - have, have + allocated >= need};
}

std::vector<PoolTypeGroup> group_by_gpu_type(WorkerPool& pool, Trace& trace) {
  std::vector<OverwrittenWorker> overwritten;
  std::vector<PoolTypeGroup> groups = pool.group_by_gpu_type(&overwritten);
  for (const OverwrittenWorker& o : overwritten) {
    std::string hidden;
    for (const std::string& t : o.hidden_types) hidden += (hidden.empty() ? "" : ", ") + t;
    const std::string& name = o.worker->name;
    trace.quirk("Q1", "sglang.type_grouping:" + name,
                "worker " + name + " keeps only its " + o.kept_type + " GPUs for the rest of the run; its " + hidden +
                    " GPUs are no longer seen (GPUStack overwrites the GPU list shared by the per-type copies)");
  }
  return groups;
}

}  // namespace placement
