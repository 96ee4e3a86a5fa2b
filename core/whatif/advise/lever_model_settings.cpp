// Model settings a user flips in GPUStack's form: placement strategy, distributed inference
// across workers, CPU offloading. One scheduler decision each.
#include "whatif/advise/levers.h"
#include "whatif/json_patch.h"

namespace placement::whatif {

namespace {
void try_setting(Search& s, const std::string& lever, const std::string& pointer, const Json& value, const std::string& summary) {
  const Json patch = Json::array({set_value_op(s.document(), pointer, value)});
  if (auto w = s.fits(patch)) s.suggest(lever, summary, patch, *w, CostClass::setting, 1);
}
}  // namespace

void lever_placement_strategy(Search& s) {
  // Scoring only: it changes where replicas go, so it can matter when several must fit.
  const bool spread = s.scenario().model.placement_strategy == PlacementStrategy::spread;
  const std::string to = spread ? "binpack" : "spread";
  try_setting(s, "placement_strategy", "/model/placement_strategy", to, "use the " + to + " placement strategy");
}

void lever_distributed(Search& s) {
  if (distributed_enabled(s.scenario().model)) return;
  try_setting(s, "distributed_inference", "/model/distributed_inference_across_workers", true,
              "turn on distributed inference across workers");
}

void lever_cpu_offloading(Search& s) {
  if (s.scenario().model.cpu_offloading) return;
  try_setting(s, "cpu_offloading", "/model/cpu_offloading", true, "allow CPU offloading");
}

}  // namespace placement::whatif
