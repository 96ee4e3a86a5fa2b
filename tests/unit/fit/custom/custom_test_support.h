// What the Custom / VoxBox selector tests share: workers, a model, and a run of the selector.
#pragma once

#include <memory>

#include "fit/registry.h"
#include "scenario/scenario_loader.h"

namespace placement::custom_test {

constexpr Bytes G = kGiB;

inline Json gpu(const std::string& type, int index, Bytes total) { return Json{{"index", index}, {"type", type}, {"memory", {{"total", total}}}}; }

inline Json worker(std::int64_t id, const std::string& name, Bytes ram, Json gpus = Json::array()) {
  return Json{{"id", id}, {"name", name}, {"state", "ready"}, {"status", {{"memory", {{"total", ram}}}, {"gpu_devices", gpus}}}};
}

// VRAM request through the env claim: RAM = max(int(VRAM × 0.1), 2 GiB).
inline Json model(Bytes vram, Json extra = Json::object()) {
  Json m{{"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", "o/r"}, {"backend", "Custom"},
         {"env", {{"GPUSTACK_MODEL_VRAM_CLAIM", std::to_string(vram)}}}};
  for (const auto& [k, v] : extra.items()) m[k] = v;
  return m;
}

struct Run {
  std::unique_ptr<Scenario> scenario;
  Trace trace;
  FitResult fit;

  const Json* strategy(const std::string& id) const {
    for (const auto& s : trace.root()["strategies"])
      if (s["strategy"] == id) return &s;
    return nullptr;
  }
  std::vector<std::string> message_keys() const {
    std::vector<std::string> out;
    for (const auto& m : trace.root()["messages"])
      if (m["source"] == "custom") out.push_back(m["key"]);
    return out;
  }
  const Json& message(const std::string& key) const {
    for (const auto& m : trace.root()["messages"])
      if (m["key"] == key) return m["values"];
    throw std::runtime_error("no message " + key);
  }
  bool has_quirk(const std::string& id) const {
    for (const auto& q : trace.root()["quirks"])
      if (q["id"] == id) return true;
    return false;
  }
};

inline Run run_custom(Json workers, Json m, Json instances = Json::array()) {
  Run r;
  r.scenario = std::make_unique<Scenario>(
      load_scenario(Json{{"workers", workers}, {"model", m}, {"model_instances", instances}, {"skip_evaluation", true}}));
  std::vector<const Worker*> ws;
  for (const auto& w : r.scenario->workers) ws.push_back(&w);
  AllocationIndex allocation(r.scenario->model_instances);
  BackendParameters params(r.scenario->model.backend_parameters);
  FitContext ctx{*r.scenario, r.scenario->model, ws, allocation, params, r.trace};
  r.fit = select_custom(ctx);
  return r;
}

inline std::vector<std::vector<int>> indexes_of(const FitResult& f) {
  std::vector<std::vector<int>> out;
  for (const auto& c : f.candidates) out.push_back(c.gpu_indexes.value_or(std::vector<int>{}));
  return out;
}

}  // namespace placement::custom_test
