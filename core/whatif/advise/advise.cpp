#include "whatif/advise/advise.h"

#include <algorithm>

#include "scenario/scenario_loader.h"
#include "whatif/advise/levers.h"

namespace placement::whatif {

Json advise(const Json& document, int replicas, int budget) {
  const Scenario scenario = load_scenario(document);
  Search search(document, scenario, std::max(replicas, 1), budget);
  const Outcome now = decide(scenario, std::max(replicas, 1));
  Json out{{"fits", now.fits}, {"replicas", std::max(replicas, 1)}, {"why_not", now.fits ? Json(nullptr) : now.failure["text"]}};
  if (!now.fits) {
    for (auto lever : {lever_memory_fraction, lever_mindie_lengths, lever_gguf_ctx_size, lever_parallel_size, lever_parallel_values, lever_placement_strategy,
                       lever_distributed, lever_cpu_offloading, lever_selectors, lever_not_ready_workers, lever_remove_instances, lever_hardware})
      if (!search.exhausted()) lever(search);
    if (search.suggestions().empty() && !search.exhausted()) lever_combinations(search);
  }
  std::vector<Suggestion> found = search.suggestions();
  std::stable_sort(found.begin(), found.end(), [](const Suggestion& a, const Suggestion& b) {
    if (a.cost_class != b.cost_class) return a.cost_class < b.cost_class;
    return a.size < b.size;
  });
  Json suggestions = Json::array();
  for (std::size_t i = 0; i < found.size(); ++i) {
    const Suggestion& f = found[i];
    const Json p = placement_json(f.winner);
    Json one{{"lever", f.lever},
             {"summary", f.summary},
             {"patch", f.patch},
             {"placement", p},
             {"cost", {{"rank", i + 1}, {"class", cost_class_name(f.cost_class)}, {"size", f.size}}}};
    if (!f.parts.empty()) one["levers"] = f.parts;
    suggestions.push_back(std::move(one));
  }
  out["suggestions"] = suggestions;
  out["search"] = Json{{"runs", search.runs() + now.scheduler_runs}, {"caps", search.caps()}};
  return out;
}

}  // namespace placement::whatif
