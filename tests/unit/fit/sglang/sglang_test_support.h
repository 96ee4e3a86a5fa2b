// What the SGLang strategy tests share: scenario builders and readers of the result's trace.
#pragma once

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

namespace placement::sglang_test {

constexpr Bytes k4080 = 17171480576;
constexpr Bytes k4090 = 25757220864;

inline Json gpu(int index, Bytes total, const std::string& type = "cuda") {
  return Json{{"index", index}, {"type", type}, {"vendor", type == "cuda" ? "nvidia" : "amd"}, {"memory", {{"total", total}}}};
}

// `{gpu(...)}` is a one-element array under gcc but the GPU object itself under clang (CWG 2137).
inline Json worker(int id, const std::string& name, Json gpus, Json extra = Json::object()) {
  if (gpus.is_object()) gpus = Json::array({std::move(gpus)});
  Json w{{"id", id}, {"name", name}, {"state", "ready"},
         {"status", {{"memory", {{"total", 68719476736LL}, {"is_unified_memory", false}}}, {"gpu_devices", std::move(gpus)}}}};
  for (auto it = extra.begin(); it != extra.end(); ++it) w[it.key()] = it.value();
  return w;
}

struct ScenarioBuilder {
  Json workers = Json::array();
  Json model{{"id", 1}, {"name", "m"}, {"backend", "SGLang"}, {"source", "huggingface"}, {"huggingface_repo_id", "org/model"},
             {"categories", {"llm"}}, {"placement_strategy", "binpack"}, {"backend_parameters", Json::array()}};
  Json instances = Json::array();
  Json estimates{{"weights_bytes", 1503300328}, {"config", {{"num_attention_heads", 16}, {"vocab_size", 151936}}}};

  ScheduleResult run() const {
    Json s{{"format", "placement-scenario/1"}, {"skip_evaluation", true}, {"workers", workers}, {"model", model},
           {"model_instances", instances}, {"estimates", estimates},
           {"inference_backends", Json::array({Json{{"backend_name", "SGLang"},
                                                     {"version_configs", {{"0.0.0", {{"built_in_frameworks", {"cuda", "rocm", "cpu"}}}}}}}})}};
    return schedule(load_scenario(s));
  }
  void vram_claim(Bytes bytes) { model["env"] = Json{{"GPUSTACK_MODEL_VRAM_CLAIM", std::to_string(bytes)}}; }
};

inline const Json* strategy(const ScheduleResult& r, const std::string& id) {
  for (const auto& s : r.trace.root()["strategies"])
    if (s["strategy"] == id) return &s;
  return nullptr;
}

inline bool has_quirk(const ScheduleResult& r, const std::string& id) {
  for (const auto& q : r.trace.root()["quirks"])
    if (q["id"] == id) return true;
  return false;
}

// The selector's own slots (the filters add theirs before).
inline std::vector<std::string> message_keys(const ScheduleResult& r) {
  std::vector<std::string> keys;
  for (const auto& m : r.trace.root()["messages"])
    if (m["source"] != "filters") keys.push_back(m["key"].get<std::string>());
  return keys;
}

inline Json message(const ScheduleResult& r, const std::string& key) {
  for (const auto& m : r.trace.root()["messages"])
    if (m["source"] == "sglang" && m["key"] == key) return m["values"];
  return nullptr;
}

inline Bytes claim_of(const Candidate& c, int index) { return *find_vram(c.claim.vram, index); }

}  // namespace placement::sglang_test
