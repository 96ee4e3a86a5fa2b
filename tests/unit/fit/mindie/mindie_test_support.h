// What the MindIE strategy tests share: Ascend workers and NPUs, a Qwen3 config, a scenario
// builder and readers of the result's trace.
#pragma once

#include "scenario/scenario_loader.h"
#include "scheduler.h"

namespace placement::mindie_test {

constexpr Bytes k64G = 68719476736;
constexpr Bytes kClaim08 = 54975581388;  // int(64 GiB × 0.8)
constexpr Bytes kTiB = Bytes{1} << 40;

inline Json gpu(int index, const std::string& inet, const char* status = "up", const char* type = "cann", Bytes total = k64G) {
  return Json{{"index", index}, {"type", type}, {"vendor", "ascend"}, {"memory", {{"total", total}}},
              {"network", {{"status", status}, {"inet", inet}}}};
}

inline Json worker(int id, const std::string& name, std::vector<Json> gpus, Bytes ram = kTiB) {
  return Json{{"id", id}, {"name", name}, {"state", "ready"}, {"status", {{"memory", {{"total", ram}}}, {"gpu_devices", gpus}}}};
}

// A claim that leaves `left` bytes allocatable on GPU `index` of worker `worker_id`.
inline Json usage(int id, int worker_id, int index, Bytes used) {
  return Json{{"id", id}, {"model_id", 99}, {"state", "running"}, {"worker_id", worker_id}, {"gpu_indexes", {index}},
              {"computed_resource_claim", {{"vram", {{std::to_string(index), used}}}}}};
}

inline const char* kQwen3 = R"({"architectures": ["Qwen3ForCausalLM"], "num_attention_heads": 32, "num_key_value_heads": 8,
  "num_hidden_layers": 36, "hidden_size": 2560, "vocab_size": 151936, "max_position_embeddings": 40960,
  "torch_dtype": "bfloat16", "head_dim": 128})";

struct Build {
  std::vector<Json> workers;
  std::vector<Json> instances;
  std::vector<std::string> params = {"--trust-remote-code"};
  Bytes weights = 8044936192;
  const char* config = kQwen3;
  bool distributed = true;
  Json gpu_selector = nullptr;
  Json env = Json::object();

  ScheduleResult run() const {
    Json model{{"id", 1}, {"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", "Qwen/Qwen3-4B"},
               {"backend", "MindIE"}, {"categories", {"llm"}}, {"backend_parameters", params},
               {"distributed_inference_across_workers", distributed}, {"placement_strategy", "binpack"}, {"env", env}};
    if (!gpu_selector.is_null()) model["gpu_selector"] = gpu_selector;
    Json s{{"format", "placement-scenario/1"},
           {"skip_evaluation", true},
           {"workers", workers},
           {"model", model},
           {"model_instances", instances},
           {"estimates", {{"weights_bytes", weights}, {"config", Json::parse(config)}}},
           {"inference_backends", Json::parse(R"([{"backend_name": "MindIE", "version_configs": {"0.0.0": {"built_in_frameworks": ["cann", "cuda", "cpu"]}}}])")}};
    return schedule(load_scenario(s));
  }
};

inline const Json* strategy(const ScheduleResult& r, const std::string& id) {
  for (const auto& s : r.trace.root()["strategies"])
    if (s["selector"] == "mindie" && s["strategy"] == id) return &s;
  return nullptr;
}

inline std::vector<std::string> message_keys(const ScheduleResult& r) {
  std::vector<std::string> keys;
  for (const auto& m : r.trace.root()["messages"])
    if (m["source"] == "mindie") keys.push_back(m["key"].get<std::string>());
  return keys;
}

// The values of the mindie slot with this key (null when absent).
inline Json message(const ScheduleResult& r, const std::string& key) {
  for (const auto& m : r.trace.root()["messages"])
    if (m["source"] == "mindie" && m["key"] == key) return m["values"];
  return nullptr;
}

inline std::vector<int> indexes(const Candidate& c) { return c.gpu_indexes.value_or(std::vector<int>{}); }

}  // namespace placement::mindie_test
