// S5 CPU only (needs cpu_offloading): workers by allocatable RAM; the base estimate's no-offload
// item must fit the RAM; the first worker that cannot hold it stops the walk.
#include <algorithm>

#include "fit/gguf/strategies.h"

namespace placement::gguf_fit {

std::vector<Candidate> run_cpu_only(GgufRun& run, StrategyRecorder& rec) {
  const Setup& s = run.setup;
  std::vector<std::size_t> by_ram = s.by_vram;  // stable: equal RAM keeps the VRAM order
  std::stable_sort(by_ram.begin(), by_ram.end(),
                   [&](std::size_t a, std::size_t b) { return s.workers[a].alloc.ram > s.workers[b].alloc.ram; });
  std::vector<Candidate> out;
  for (std::size_t i = 0; i < by_ram.size(); ++i) {
    const WorkerView& w = s.workers[by_ram[i]];
    rec.examined_worker();
    const Bytes ram = s.cpu_ram.on(w.uma);
    if (ram > w.alloc.ram) {
      rec.reject(w, {}, "ram", {make_shortfall("ram", ram, w.alloc.ram, ram_capacity(w))});
      for (std::size_t j = i + 1; j < by_ram.size(); ++j) rec.not_examined("walk_stopped", subject(s.workers[by_ram[j]], {}));
      break;
    }
    out.push_back(make_candidate(s, w, 0, ram, std::nullopt, std::nullopt));
  }
  if (out.empty() && !by_ram.empty()) {
    const WorkerView& largest = s.workers[by_ram.front()];
    run.events.add(Level::info, strategy_id(Strategy::cpu), "cpu_insufficient", kInsufficient,
                   DataFields{{"ram", s.cpu_ram.nonuma}, {"worker_name", largest.worker.name}, {"worker_ram", largest.alloc.ram}});
  }
  return out;
}

}  // namespace placement::gguf_fit
