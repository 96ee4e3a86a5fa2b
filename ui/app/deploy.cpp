#include "app/deploy.h"

#include <algorithm>

#include "app/format.h"

namespace placement::ui {

long long max_id(const Json& list) {
  long long best = 0;
  if (!list.is_array()) return best;
  for (const auto& e : list)
    if (e.is_object() && e.contains("id") && e["id"].is_number_integer()) best = std::max(best, e["id"].get<long long>());
  return best;
}

Json instance_from_candidate(const Json& scenario, const Json& candidate) {
  const Json& model = scenario.contains("model") ? scenario["model"] : Json::object();
  const Json& instances = member(scenario, "model_instances", json_array());
  const long long id = max_id(instances) + 1;
  const std::string model_name = model.value("name", std::string("model"));
  Json inst = Json::object();
  inst["id"] = id;
  inst["name"] = model_name + "-" + std::to_string(id);
  inst["model_id"] = model.contains("id") ? model["id"] : Json(nullptr);
  inst["model_name"] = model_name;
  inst["backend"] = model.contains("backend") ? model["backend"] : Json(nullptr);
  inst["state"] = "running";
  inst["worker_id"] = candidate.value("worker_id", Json(nullptr));
  inst["worker_name"] = candidate.value("worker_name", Json(nullptr));
  inst["gpu_type"] = candidate.value("gpu_type", Json(nullptr));
  inst["gpu_indexes"] = candidate.value("gpu_indexes", Json(nullptr));
  inst["computed_resource_claim"] = candidate.value("computed_resource_claim", Json(nullptr));
  const Json& subs = member(candidate, "subordinate_workers", json_array());
  if (subs.is_array() && !subs.empty()) inst["distributed_servers"] = Json{{"subordinate_workers", subs}};
  return inst;
}

Json deploy_candidate(const Json& scenario, const Json& candidate) {
  Json doc = scenario;
  if (!doc.contains("model_instances") || !doc["model_instances"].is_array()) doc["model_instances"] = Json::array();
  doc["model_instances"].push_back(instance_from_candidate(scenario, candidate));
  return doc;
}

Json remove_instances(const Json& scenario, const Json& delete_ids) {
  Json doc = scenario;
  if (!doc.contains("model_instances") || !doc["model_instances"].is_array() || !delete_ids.is_array()) return doc;
  Json kept = Json::array();
  for (const auto& inst : doc["model_instances"]) {
    const bool gone = inst.is_object() && inst.contains("id") &&
                      std::find(delete_ids.begin(), delete_ids.end(), inst["id"]) != delete_ids.end();
    if (!gone) kept.push_back(inst);
  }
  doc["model_instances"] = std::move(kept);
  return doc;
}

}  // namespace placement::ui
