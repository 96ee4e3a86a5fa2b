#include "app/deploy_until_full.h"

#include <exception>

#include "app/deploy.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"
#include "whatif/whatif_json.h"

namespace placement::ui {

// The replicas are placed by the core's capacity search and added by its what-if deploy, so an
// instance added here is exactly the one `placement capacity` counts (issue 22).
FillOutcome deploy_until_full(const Json& scenario, int cap) {
  FillOutcome out;
  out.document = scenario;
  try {
    whatif::DeployedReplicas placed = whatif::deploy_replicas(scenario, cap);
    out.deployed = placed.deployed;
    if (out.deployed == 0) return out;
    out.document = std::move(placed.document);
    const Json& list = scenario.contains("model_instances") ? scenario["model_instances"] : Json();
    if (list.is_array()) {
      const Json& placed_list = out.document["model_instances"];
      out.instances.assign(placed_list.begin() + std::ptrdiff_t(list.size()), placed_list.end());
    }
    const long long instances = model_instance_count(out.document);
    if (out.document.contains("model") && out.document["model"].is_object() && instances > model_replicas(out.document))
      out.document["model"]["replicas"] = instances, out.replicas = instances;
    // Stopped at the cap: say so only when a further replica would still have fitted.
    out.capped = placed.stopped_by_limit && schedule(load_scenario(out.document)).selected.has_value();
  } catch (const std::exception& e) {
    out.error = e.what();
    out.document = scenario;
    out.instances.clear();
    out.replicas.reset();
    out.deployed = 0;
  }
  return out;
}

}  // namespace placement::ui
