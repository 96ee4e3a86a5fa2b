#include "fit/sglang/messages.h"

#include <algorithm>

#include "fit/sglang/python_numbers.h"

namespace placement {

double max_utilisation(const SglangRun& run) {
  double best = 0;  // the "*" entry
  for (const auto& e : run.utilisation)
    if (!e.wildcard && e.u) best = std::max(best, *e.u);
  return best;
}

DataFields requirement_message_values(const SglangRun& run) {
  DataFields v{{"vram", run.vram}, {"vram_gib", python_gib(run.vram)}};
  if (run.ram > 0) {
    v.set({"ram", run.ram});
    v.set({"ram_gib", python_gib(run.ram)});
  }
  const double u = max_utilisation(run);
  if (u != 0 && !run.diffusion) {
    const Bytes over = static_cast<Bytes>(static_cast<double>(run.vram) / u);
    v.set({"u", u});
    v.set({"u_text", python_repr(u)});
    v.set({"vram_over_u", over});
    v.set({"vram_over_u_gib", python_gib(over)});
    v.set({"u_percent", static_cast<long long>(u * 100)});
  }
  return v;
}

void emit_auto_messages(const SglangRun& run, SelectorMessages& messages) {
  messages.add("sglang", "requirement", requirement_message_values(run));
  const std::pair<const char*, const std::optional<DataFields>*> order[] = {
      {"multi_worker", &run.events.multi_worker},
      {"single_worker_multi_gpu", &run.events.single_worker_multi_gpu},
      {"single_gpu", &run.events.single_gpu},
  };
  for (const auto& [key, event] : order)
    if (*event) {
      messages.add("sglang", key, **event);
      return;
    }
}

}  // namespace placement
