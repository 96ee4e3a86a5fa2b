// The vLLM requirement, as the trace's requirement section and as GPUStack's first explanation
// line (scheduler-rules.md §3.3 "Explanation", §6.9: VRAM, RAM if > 0, u, VRAM/u, u %).
#include "fit/common/shared_rules.h"
#include "fit/vllm/vllm_fit.h"

namespace placement {

DataFields vllm_requirement_values(const VllmFit& fit) {
  const VllmSettings& s = fit.s;
  DataFields v{{"vram", s.vram}, {"vram_gib", round_to_gib(static_cast<double>(s.vram))}};
  if (s.ram > 0) {
    v.set({"ram", s.ram});
    v.set({"ram_gib", round_to_gib(static_cast<double>(s.ram))});
  }
  v.set({"gmu", s.gmu.value});
  v.set({"gmu_parameter", "gpu-memory-utilization"});
  if (s.gmu.value != 0) {
    // int(vram / gmu) and int(gmu * 100), both truncated as GPUStack does.
    const Bytes over = static_cast<Bytes>(static_cast<double>(s.vram) / s.gmu.value);
    v.set({"vram_over_gmu", over});
    v.set({"vram_over_gmu_gib", round_to_gib(static_cast<double>(over))});
    v.set({"gmu_percent", static_cast<long long>(s.gmu.value * 100)});
  }
  return v;
}

}  // namespace placement
