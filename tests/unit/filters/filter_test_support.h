// Helpers for the base-filter tests: a scenario from JSON literals, the chain run over it, and
// lookups into the trace it wrote.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "filters/registry.h"
#include "scenario/backend_parameters.h"
#include "scenario/scenario_loader.h"
#include "trace/trace.h"

namespace placement::filter_test {

// A worker with `gpus` as "type:index:total" items.
inline Json worker(std::int64_t id, const std::string& name, Json extra = Json::object(), Json gpus = Json::array()) {
  Json w{{"id", id}, {"name", name}, {"state", "ready"}, {"status", {{"memory", {{"total", 64LL << 30}}}, {"gpu_devices", gpus}}}};
  for (const auto& [k, v] : extra.items()) w[k] = v;
  return w;
}

inline Json gpu(const std::string& type, int index, Json extra = Json::object()) {
  Json g{{"index", index}, {"type", type}, {"memory", {{"total", 16LL << 30}}}};
  for (const auto& [k, v] : extra.items()) g[k] = v;
  return g;
}

struct FilterRun {
  std::unique_ptr<Scenario> scenario;  // kept workers point into it
  Trace trace;
  std::vector<const Worker*> kept;

  const Json& record(const std::string& filter) const {
    for (const auto& r : trace.root()["filters"])
      if (r["filter"] == filter) return r;
    throw std::runtime_error("no filter record " + filter);
  }
  const Json& worker_entry(const std::string& filter, const std::string& name) const {
    for (const auto& w : record(filter)["workers"])
      if (w["worker_name"] == name) return w;
    throw std::runtime_error("no entry for " + name + " in " + filter);
  }
  std::vector<std::string> kept_names() const {
    std::vector<std::string> out;
    for (const Worker* w : kept) out.push_back(w->name);
    return out;
  }
  std::vector<Json> messages(const std::string& key) const {
    std::vector<Json> out;
    for (const auto& m : trace.root()["messages"])
      if (m["source"] == "filters" && m["key"] == key) out.push_back(m["values"]);
    return out;
  }
  bool has_quirk(const std::string& id) const {
    for (const auto& q : trace.root()["quirks"])
      if (q["id"] == id) return true;
    return false;
  }
};

// `model` defaults to a plain Hugging Face model with backend Custom (F5 not applied) unless given.
inline FilterRun run_filters(Json workers, Json model, Json extra = Json::object()) {
  Json doc{{"workers", std::move(workers)}, {"model", std::move(model)}, {"skip_evaluation", true}};
  for (const auto& [k, v] : extra.items()) doc[k] = v;
  FilterRun run;
  run.scenario = std::make_unique<Scenario>(load_scenario(doc));
  BackendParameters params(run.scenario->model.backend_parameters);
  run.kept = run_base_filters(*run.scenario, run.scenario->model, params, run.trace);
  return run;
}

inline Json custom_model(Json extra = Json::object()) {
  Json m{{"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", "org/m"}, {"backend", "Custom"}};
  for (const auto& [k, v] : extra.items()) m[k] = v;
  return m;
}

}  // namespace placement::filter_test
