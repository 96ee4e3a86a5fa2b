#include "app/deploy.h"

#include <algorithm>

#include "app/format.h"
#include "scheduler.h"

namespace placement::ui {

long long max_id(const Json& list) {
  long long best = 0;
  if (!list.is_array()) return best;
  for (const auto& e : list)
    if (e.is_object() && e.contains("id") && e["id"].is_number_integer()) best = std::max(best, e["id"].get<long long>());
  return best;
}

namespace {

// A new running instance of scenario.model (its id, name, model and backend) without placement.
Json new_instance(const Json& scenario) {
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
  return inst;
}

template <class T>
Json optional_json(const std::optional<T>& v) {
  return v ? Json(*v) : Json(nullptr);
}

// A subordinate worker as the candidate's JSON lists it (placement::candidate_to_json).
Json subordinate_json(const SubordinateWorker& s) {
  Json out = Json::object();
  out["worker_id"] = optional_json(s.worker_id);
  out["worker_name"] = s.worker_name;
  out["gpu_indexes"] = optional_json(s.gpu_indexes);
  out["computed_resource_claim"] = s.claim ? claim_to_json(*s.claim) : Json(nullptr);
  if (s.gpu_addresses) out["gpu_addresses"] = *s.gpu_addresses;
  return out;
}

Json with_instance(const Json& scenario, Json instance) {
  Json doc = scenario;
  if (!doc.contains("model_instances") || !doc["model_instances"].is_array()) doc["model_instances"] = Json::array();
  doc["model_instances"].push_back(std::move(instance));
  return doc;
}

// `replicas` rises to the number of the model's instances when they outgrow it.
Json with_replicas_raised(Json doc) {
  const long long instances = model_instance_count(doc);
  if (doc.contains("model") && doc["model"].is_object() && instances > model_replicas(doc)) doc["model"]["replicas"] = instances;
  return doc;
}

}  // namespace

Json instance_from_candidate(const Json& scenario, const Json& candidate) {
  Json inst = new_instance(scenario);
  inst["worker_id"] = candidate.value("worker_id", Json(nullptr));
  inst["worker_name"] = candidate.value("worker_name", Json(nullptr));
  inst["gpu_type"] = candidate.value("gpu_type", Json(nullptr));
  inst["gpu_indexes"] = candidate.value("gpu_indexes", Json(nullptr));
  inst["computed_resource_claim"] = candidate.value("computed_resource_claim", Json(nullptr));
  const Json& subs = member(candidate, "subordinate_workers", json_array());
  if (subs.is_array() && !subs.empty()) inst["distributed_servers"] = Json{{"subordinate_workers", subs}};
  return inst;
}

Json instance_from_candidate(const Json& scenario, const Candidate& candidate) {
  Json inst = new_instance(scenario);
  inst["worker_id"] = candidate.worker_id;
  inst["worker_name"] = candidate.worker_name;
  inst["gpu_type"] = optional_json(candidate.gpu_type);
  inst["gpu_indexes"] = optional_json(candidate.gpu_indexes);
  inst["computed_resource_claim"] = claim_to_json(candidate.claim);
  if (!candidate.subordinate_workers.empty()) {
    Json subs = Json::array();
    for (const SubordinateWorker& s : candidate.subordinate_workers) subs.push_back(subordinate_json(s));
    inst["distributed_servers"] = Json{{"subordinate_workers", std::move(subs)}};
  }
  return inst;
}

Json deploy_candidate(const Json& scenario, const Json& candidate) { return with_instance(scenario, instance_from_candidate(scenario, candidate)); }

long long model_instance_count(const Json& scenario) {
  const Json& model = member(scenario, "model", json_object());
  const Json& id = member(model, "id", json_null());
  if (id.is_null()) return 0;  // the core ranks no instances of a model without an id
  long long n = 0;
  for (const auto& inst : member(scenario, "model_instances", json_array())) n += member(inst, "model_id", json_null()) == id ? 1 : 0;
  return n;
}

long long model_replicas(const Json& scenario) {
  const Json& r = member(member(scenario, "model", json_object()), "replicas", json_null());
  return r.is_number_integer() ? r.get<long long>() : 1;
}

long long model_instance_count(const Scenario& scenario) {
  if (!scenario.model.id) return 0;
  return std::count_if(scenario.model_instances.begin(), scenario.model_instances.end(),
                       [&](const ModelInstance& i) { return i.model_id == scenario.model.id; });
}

long long model_replicas(const Scenario& scenario) { return scenario.model.replicas; }

Json deploy_replica(const Json& scenario, const Json& candidate) { return with_replicas_raised(deploy_candidate(scenario, candidate)); }

Json deploy_replica(const Json& scenario, const Candidate& candidate) {
  return with_replicas_raised(with_instance(scenario, instance_from_candidate(scenario, candidate)));
}

DeployPatch deploy_patch(const Json& scenario, const Candidate& candidate) {
  DeployPatch patch{instance_from_candidate(scenario, candidate), std::nullopt};
  // The new instance is the model's (model_id = model.id) unless the model has no id, which
  // model_instance_count() then counts as none.
  const long long instances = model_instance_count(scenario) + (patch.instance["model_id"].is_null() ? 0 : 1);
  if (instances > model_replicas(scenario)) patch.replicas = instances;
  return patch;
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

Json scale_down_to(const Json& scenario, const Json& delete_ids, long long replicas) {
  Json doc = remove_instances(scenario, delete_ids);
  if (doc.contains("model") && doc["model"].is_object()) doc["model"]["replicas"] = replicas;
  if (doc.contains("scale_down") && doc["scale_down"].is_object()) doc["scale_down"]["replicas"] = replicas;
  return doc;
}

std::vector<DocumentPatch> scale_down_patches(const Json& scenario, const Json& delete_ids, long long replicas) {
  std::vector<DocumentPatch> patches;
  const Json& instances = member(scenario, "model_instances", json_null());
  if (instances.is_array() && delete_ids.is_array())
    for (std::size_t i = instances.size(); i-- > 0;) {
      const Json& id = member(instances[i], "id", json_null());
      // remove_instances() matches instances that have an id, null included.
      const bool has_id = instances[i].is_object() && instances[i].contains("id");
      if (has_id && std::find(delete_ids.begin(), delete_ids.end(), id) != delete_ids.end())
        patches.push_back({Json::json_pointer("/model_instances"), std::nullopt, i});
    }
  if (member(scenario, "model", json_null()).is_object()) patches.push_back({Json::json_pointer("/model/replicas"), Json(replicas), std::nullopt});
  if (member(scenario, "scale_down", json_null()).is_object())
    patches.push_back({Json::json_pointer("/scale_down/replicas"), Json(replicas), std::nullopt});
  return patches;
}

std::vector<DocumentPatch> reset_patches(const Json& scenario, const Json& baseline) {
  const auto value_or_absent = [](const Json& v) { return v.is_null() ? std::nullopt : std::optional<Json>(v); };
  std::vector<DocumentPatch> patches = {{Json::json_pointer("/model_instances"), value_or_absent(member(baseline, "model_instances", json_null())), std::nullopt}};
  if (member(scenario, "model", json_null()).is_object())
    patches.push_back({Json::json_pointer("/model/replicas"), value_or_absent(member(baseline, "replicas", json_null())), std::nullopt});
  return patches;
}

std::string worker_name_of(const Json& scenario, const Json& instance) {
  const Json& name = member(instance, "worker_name", json_null());
  if (name.is_string()) return name.get<std::string>();
  const Json& id = member(instance, "worker_id", json_null());
  if (id.is_null()) return "-";
  for (const auto& w : member(scenario, "workers", json_array()))
    if (member(w, "id", json_null()) == id && member(w, "name", json_null()).is_string()) return w["name"].get<std::string>();
  return id.dump();
}

std::string worker_name_of(const Scenario& scenario, const ModelInstance& instance) {
  if (instance.worker_name) return *instance.worker_name;
  if (!instance.worker_id) return "-";
  for (const Worker& w : scenario.workers)
    if (w.id == *instance.worker_id) return w.name;
  return std::to_string(*instance.worker_id);
}

Json instances_baseline(const Json& scenario) {
  Json b = Json::object();
  b["model_instances"] = member(scenario, "model_instances", json_null());
  b["replicas"] = member(member(scenario, "model", json_object()), "replicas", json_null());
  return b;
}

Json reset_instances(const Json& scenario, const Json& baseline) {
  Json doc = scenario;
  const Json& instances = member(baseline, "model_instances", json_null());
  if (instances.is_null()) doc.erase("model_instances");
  else doc["model_instances"] = instances;
  if (doc.contains("model") && doc["model"].is_object()) {
    const Json& replicas = member(baseline, "replicas", json_null());
    if (replicas.is_null()) doc["model"].erase("replicas");
    else doc["model"]["replicas"] = replicas;
  }
  return doc;
}

}  // namespace placement::ui
