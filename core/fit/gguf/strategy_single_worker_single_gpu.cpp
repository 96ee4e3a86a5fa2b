// S1 single worker, single GPU, full offload: walk the GPUs by allocatable VRAM; a GPU too small
// is passed over, but the first GPU whose worker lacks the RAM stops the whole walk (Q7).
#include "fit/gguf/strategies.h"

namespace placement::gguf_fit {

namespace {

void explain(GgufRun& run) {
  const Setup& s = run.setup;
  const GpuEntry& largest = s.gpus_alloc.front();
  const WorkerView& w = s.workers[largest.worker];
  run.events.add(Level::info, strategy_id(Strategy::single_gpu), "single_gpu_insufficient", kInsufficient,
                 DataFields{{"vram", s.full_vram.nonuma}, {"ram", s.full_ram.nonuma}, {"worker_name", w.worker.name},
                      {"gpu_index", largest.index}, {"gpu_vram", largest.alloc}, {"worker_ram", w.alloc.ram}});
}

}  // namespace

std::vector<Candidate> run_single_gpu_full(GgufRun& run, StrategyRecorder& rec) {
  const Setup& s = run.setup;
  std::vector<Candidate> out;
  if (s.gpus_alloc.empty()) return out;  // GPUStack says nothing here
  std::vector<bool> seen(s.workers.size(), false);
  for (std::size_t i = 0; i < s.gpus_alloc.size(); ++i) {
    const GpuEntry& g = s.gpus_alloc[i];
    const WorkerView& w = s.workers[g.worker];
    if (!seen[g.worker]) {
      seen[g.worker] = true;
      rec.examined_worker();
    }
    const Bytes vram = s.full_vram.on(w.uma);
    const Bytes ram = s.full_ram.on(w.uma);
    rec.examined_gpus();
    if (vram > g.alloc) {
      rec.reject(w, {g.index}, "vram", {make_shortfall("vram", vram, g.alloc, gpu_capacity(w, g.index), g.index)});
      continue;
    }
    const bool ram_short = w.uma ? ram > w.alloc.ram - vram : ram > w.alloc.ram;
    if (ram_short) {
      Shortfall sf = w.uma ? make_shortfall("unified_memory", ram + vram, w.alloc.ram, ram_capacity(w))
                           : make_shortfall("ram", ram, w.alloc.ram, ram_capacity(w));
      rec.reject(w, {g.index}, w.uma ? "unified_memory" : "ram", {sf});
      // GPUs further down the walk have less VRAM, so GPUStack stops here even though their
      // workers may have the RAM.
      for (std::size_t j = i + 1; j < s.gpus_alloc.size(); ++j) {
        const GpuEntry& rest = s.gpus_alloc[j];
        rec.not_examined("walk_stopped_ram", subject(s.workers[rest.worker], {rest.index}));
      }
      if (i + 1 < s.gpus_alloc.size())
        rec.quirk("Q7", "the walk stopped at the first RAM-short GPU; " + std::to_string(s.gpus_alloc.size() - i - 1) +
                            " GPU(s) were never examined");
      break;
    }
    out.push_back(make_candidate(s, w, s.total_layers, ram, VramMap{{g.index, vram}}, std::vector<int>{g.index}));
  }
  if (out.empty()) explain(run);
  return out;
}

}  // namespace placement::gguf_fit
