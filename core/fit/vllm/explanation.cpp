// The vLLM requirement, as the trace's requirement section and as GPUStack's first explanation
// line (scheduler-rules.md §3.3 "Explanation", §6.9: VRAM, RAM if > 0, u, VRAM/u, u %).
#include "fit/common/shared_rules.h"
#include "fit/vllm/vllm_fit.h"

namespace placement {

Json vllm_requirement_values(const VllmFit& fit) {
  const VllmSettings& s = fit.s;
  Json v{{"vram", s.vram}, {"vram_gib", round_to_gib(static_cast<double>(s.vram))}};
  if (s.ram > 0) {
    v["ram"] = s.ram;
    v["ram_gib"] = round_to_gib(static_cast<double>(s.ram));
  }
  v["gmu"] = s.gmu.value;
  v["gmu_parameter"] = "gpu-memory-utilization";
  if (s.gmu.value != 0) {
    // int(vram / gmu) and int(gmu * 100), both truncated as GPUStack does.
    const Bytes over = static_cast<Bytes>(static_cast<double>(s.vram) / s.gmu.value);
    v["vram_over_gmu"] = over;
    v["vram_over_gmu_gib"] = round_to_gib(static_cast<double>(over));
    v["gmu_percent"] = static_cast<long long>(s.gmu.value * 100);
  }
  return v;
}

}  // namespace placement
