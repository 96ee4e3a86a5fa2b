// Test scaffolding for the fits (vLLM, manual GPU selection, shared rules): scenarios from JSON
// literals (through load_scenario, so defaults are GPUStack's) and a FitContext over them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "fit/fit_context.h"
#include "scenario/scenario_loader.h"

namespace placement::testing {

constexpr Bytes GiB = kGiB;

// A GPU {type, total}; its index is its position unless given.
struct GpuSpec {
  std::string type;
  Bytes total;
  int index = -1;
};

inline Json worker_json(int id, const std::string& name, const std::vector<GpuSpec>& gpus, Bytes ram = 64 * GiB,
                        Bytes reserved_ram = 0, Bytes reserved_vram = 0) {
  Json devices = Json::array();
  for (std::size_t i = 0; i < gpus.size(); ++i)
    devices.push_back(Json{{"index", gpus[i].index >= 0 ? gpus[i].index : static_cast<int>(i)},
                           {"type", gpus[i].type},
                           {"vendor", "v"},
                           {"memory", {{"total", gpus[i].total}}}});
  return Json{{"id", id},
              {"name", name},
              {"state", "ready"},
              {"system_reserved", {{"ram", reserved_ram}, {"vram", reserved_vram}}},
              {"status", {{"memory", {{"total", ram}}}, {"gpu_devices", devices}}}};
}

// A model instance occupying `vram` on the given GPUs of a worker.
inline Json instance_json(int id, int worker_id, const std::vector<std::pair<int, Bytes>>& vram, const char* gpu_type = nullptr) {
  Json claim_vram = Json::object();
  Json indexes = Json::array();
  for (const auto& [i, b] : vram) {
    claim_vram[std::to_string(i)] = b;
    indexes.push_back(i);
  }
  Json j{{"id", id},
         {"name", "inst-" + std::to_string(id)},
         {"model_id", 999},
         {"state", "running"},
         {"worker_id", worker_id},
         {"gpu_indexes", indexes},
         {"computed_resource_claim", {{"ram", 0}, {"vram", claim_vram}}}};
  if (gpu_type) j["gpu_type"] = gpu_type;
  return j;
}

// An instance of another model whose subordinate is `sub_worker` (the distributed-limit rule).
inline Json distributed_instance_json(int id, const std::string& name, const std::string& backend, int main_worker, int sub_worker,
                                      const std::string& sub_name) {
  Json sub = Json::parse(R"({"gpu_indexes": [0], "computed_resource_claim": {"vram": {"0": 1}}})");
  sub["worker_id"] = sub_worker;
  sub["worker_name"] = sub_name;
  Json j = Json::parse(R"({"model_id": 7, "state": "running", "gpu_indexes": [0],
                           "computed_resource_claim": {"ram": 0, "vram": {"0": 1}}})");
  j["id"] = id;
  j["name"] = name;
  j["backend"] = backend;
  j["worker_id"] = main_worker;
  j["distributed_servers"] = Json{{"subordinate_workers", Json::array({sub})}};
  return j;
}

inline Json config_json(long long heads, long long vocab = 151936) {
  return Json{{"architectures", {"Qwen2ForCausalLM"}}, {"num_attention_heads", heads}, {"vocab_size", vocab}, {"hidden_size", 4096}};
}

// `Json x{j}` or `{j}` with one Json j is a one-element array under gcc but a copy of j under
// clang (CWG 2137; the sanitizer build uses clang): helpers that take a list accept both.
inline Json as_list(Json v) {
  if (v.is_null()) return Json::array();
  return v.is_array() ? v : Json::array({std::move(v)});
}

// A vLLM scenario: `model_extra` is merged into the model object.
inline Json vllm_scenario(Json workers, Json model_extra = Json::object(), Json estimates = Json::object(), Json instances = Json::array()) {
  workers = as_list(std::move(workers));
  instances = as_list(std::move(instances));
  Json model{{"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", "org/m"}, {"backend", "vLLM"},
             {"categories", {"llm"}}, {"placement_strategy", "binpack"}};
  for (auto& [k, v] : model_extra.items()) model[k] = v;
  if (!estimates.contains("config")) estimates["config"] = config_json(32);
  if (!estimates.contains("weights_bytes") && !model.contains("env")) estimates["weights_bytes"] = 1'000'000'000;
  return Json{{"format", "placement-scenario/1"}, {"workers", std::move(workers)}, {"model", std::move(model)},
              {"model_instances", std::move(instances)}, {"estimates", std::move(estimates)}, {"skip_evaluation", true}};
}

// Owns everything a FitContext points at. Not copyable: the context holds references into it.
struct FitHarness {
  explicit FitHarness(const Json& doc)
      : scenario(load_scenario(doc)), params(scenario.model.backend_parameters), allocation(scenario.model_instances) {
    for (const auto& w : scenario.workers) workers.push_back(&w);
  }
  FitHarness(const FitHarness&) = delete;
  FitHarness& operator=(const FitHarness&) = delete;

  FitContext context() { return FitContext{scenario, scenario.model, workers, allocation, params, trace, nullptr}; }

  const Json* strategy(const std::string& id) const {
    for (const auto& s : trace.root()["strategies"])
      if (s["strategy"] == id) return &s;
    return nullptr;
  }
  bool has_quirk(const std::string& id) const {
    for (const auto& q : trace.root()["quirks"])
      if (q["id"] == id) return true;
    return false;
  }
  std::vector<std::string> message_keys() const {
    std::vector<std::string> keys;
    for (const auto& m : trace.root()["messages"]) keys.push_back(m["source"].get<std::string>() + ":" + m["key"].get<std::string>());
    return keys;
  }
  const Json* message(const std::string& key) const {
    for (const auto& m : trace.root()["messages"])
      if (m["key"] == key) return &m["values"];
    return nullptr;
  }

  Scenario scenario;
  BackendParameters params;
  AllocationIndex allocation;
  Trace trace;
  std::vector<const Worker*> workers;
};

inline Bytes claim_at(const ResourceClaim& c, int index) {
  const Bytes* v = find_vram(c.vram, index);
  return v ? *v : -1;
}

}  // namespace placement::testing
