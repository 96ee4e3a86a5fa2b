// Placeholder renderer until the explanation text lands: the essentials only.
#include "explain/text_renderer.h"

namespace placement {

std::string render_schedule_text(const Scenario&, const ScheduleResult& r) {
  std::string out;
  if (!r.selected) return "No candidate.\n";
  const Candidate& c = r.candidates[*r.selected];
  out += "Selected " + c.worker_name + " (strategy " + r.strategy + ")\n";
  return out;
}

std::string render_scale_down_text(const Scenario&, const ScaleDownResult& r) {
  std::string out;
  for (const auto& e : r.ranking) out += e.name + " " + std::to_string(e.score) + "\n";
  return out;
}

}  // namespace placement
