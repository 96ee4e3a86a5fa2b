#include <algorithm>

#include "fit/gguf/strategies.h"

namespace placement::gguf_fit {

DataFields insufficient_event_values(const char* fit_key, const WorkerView& w, DataFields values,
                                     const std::optional<EstimateTotals>& totals) {
  values.set({"worker_name", w.worker.name});
  values.set({"worker_vram", w.vram_sum});
  values.set({"worker_ram", w.alloc.ram});
  if (totals) {
    values.set({"vram", totals->vram});
    values.set({"ram", totals->ram});
    values.set({fit_key, w.vram_sum > totals->vram && w.alloc.ram > totals->ram});
  } else {
    values.set({"estimate", "missing"});
  }
  return values;
}

void add_insufficient_event(GgufRun& run, Strategy strategy, const char* event, const char* fit_key, const WorkerView& w,
                            DataFields values, const std::optional<EstimateTotals>& totals) {
  run.events.add(Level::info, strategy_id(strategy), event, kInsufficient,
                 insufficient_event_values(fit_key, w, std::move(values), totals));
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
