#include <algorithm>

#include "fit/gguf/strategies.h"

namespace placement::gguf_fit {

void add_insufficient_event(GgufRun& run, Strategy strategy, const char* event, const char* fit_key, const WorkerView& w,
                            Json values, const std::optional<EstimateTotals>& totals) {
  values["worker_name"] = w.worker.name;
  values["worker_vram"] = w.vram_sum;
  values["worker_ram"] = w.alloc.ram;
  if (totals) {
    values["vram"] = totals->vram;
    values["ram"] = totals->ram;
    values[fit_key] = w.vram_sum > totals->vram && w.alloc.ram > totals->ram;
  } else {
    values["estimate"] = "missing";
  }
  run.events.add(Level::info, strategy_id(strategy), event, kInsufficient, std::move(values));
}

bool equal_vram_shortcut(StrategyRecorder& rec, const WorkerView& w, bool equal_vram, std::size_t gpus,
                         std::uint64_t total, std::size_t position) {
  if (!equal_vram || position == 0) return false;
  if (total > position + 1) {
    rec.not_examined("equal_vram_shortcut", DataFields{{"worker_name", w.worker.name}, {"gpus", gpus}, {"combinations", total - position - 1}});
    rec.cap("equal_vram_two_combinations", 2, static_cast<long long>(std::min<std::uint64_t>(total, 1ULL << 62)),
            "equal GPUs: only the first two combinations of a count were evaluated");
  }
  return true;
}

}  // namespace placement::gguf_fit
