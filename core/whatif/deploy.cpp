#include "whatif/deploy.h"

#include <algorithm>

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement::whatif {

namespace {
std::int64_t next_instance_id(const Scenario& s) {
  std::int64_t largest = 0;
  for (const ModelInstance& i : s.model_instances) largest = std::max(largest, i.id);
  return largest + 1;
}

Json opt_json(const std::optional<std::int64_t>& v) { return v ? Json(*v) : Json(nullptr); }
Json opt_json(const std::optional<std::string>& v) { return v ? Json(*v) : Json(nullptr); }
}  // namespace

Json deployed_instance_json(const Scenario& scenario, const Candidate& winner) {
  const std::int64_t id = next_instance_id(scenario);
  // The explorer names a nameless model "model"; the loader reads an absent name as "".
  const std::string model_name = scenario.model.name.empty() ? "model" : scenario.model.name;
  const Json c = candidate_to_json(winner);
  Json inst = Json::object();
  inst["id"] = id;
  inst["name"] = model_name + "-" + std::to_string(id);
  inst["model_id"] = opt_json(scenario.model.id);
  inst["model_name"] = model_name;
  inst["backend"] = opt_json(scenario.model.backend);
  inst["state"] = "running";
  inst["worker_id"] = c["worker_id"];
  inst["worker_name"] = c["worker_name"];
  inst["gpu_type"] = c["gpu_type"];
  inst["gpu_indexes"] = c["gpu_indexes"];
  inst["computed_resource_claim"] = c["computed_resource_claim"];
  if (!c["subordinate_workers"].empty()) inst["distributed_servers"] = Json{{"subordinate_workers", c["subordinate_workers"]}};
  return inst;
}

ModelInstance deployed_instance(const Scenario& scenario, const Candidate& winner) {
  const std::string pointer = "/model_instances/" + std::to_string(scenario.model_instances.size());
  return load_instance(deployed_instance_json(scenario, winner), pointer);
}

void deploy(Scenario& scenario, const Candidate& winner) { scenario.model_instances.push_back(deployed_instance(scenario, winner)); }

}  // namespace placement::whatif
