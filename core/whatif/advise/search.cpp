#include "whatif/advise/search.h"

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "whatif/json_patch.h"
#include "whatif/typed_patch.h"

namespace placement::whatif {

const char* cost_class_name(CostClass c) {
  switch (c) {
    case CostClass::parameter: return "parameter";
    case CostClass::setting: return "setting";
    case CostClass::cluster: return "cluster";
    case CostClass::hardware: return "hardware";
  }
  return "?";
}

Search::Search(const Json& document, const Scenario& scenario, int replicas, int budget)
    : document_(document), scenario_(scenario), work_(scenario), replicas_(replicas), budget_(budget) {}

std::optional<Candidate> Search::fits(const Json& patch) {
  if (runs_ >= budget_) return std::nullopt;
  std::optional<Outcome> o;
  try {
    // The typed path when it takes the patch (the same scenario, without re-loading every worker).
    ScenarioEdit edit(work_, document_);
    o = edit.apply(patch) ? decide_fit(work_, replicas_) : decide_fit(load_scenario(apply_patch(document_, patch)), replicas_);
  } catch (const InputError&) {
    // A change the scenario format refuses (e.g. a GGUF query with no recorded answer) is no
    // suggestion; it still counts as a run.
  }
  runs_ += o ? std::max(o->scheduler_runs, 1) : 1;
  if (runs_ >= budget_) cap("scheduler_runs", budget_, "the search stopped here; later changes were not tried");
  if (!o || !o->fits) return std::nullopt;
  return o->winner;
}

void Search::cap(const std::string& id, long long limit, const std::string& effect) {
  for (const Json& c : caps_)
    if (c["id"] == id) return;
  caps_.push_back(Json{{"id", id}, {"limit", limit}, {"effect", effect}});
}

void Search::suggest(std::string lever, std::string summary, Json patch, Candidate winner, CostClass cost, double size) {
  suggestions_.push_back(Suggestion{std::move(lever), std::move(summary), std::move(patch), std::move(winner), cost, size});
}

}  // namespace placement::whatif
