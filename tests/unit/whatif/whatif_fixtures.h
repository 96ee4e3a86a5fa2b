// Small scenario documents for the what-if tests: uniform workers of 80 GiB GPUs and an 8B vLLM
// model. At the default --gpu-memory-utilization 0.9 a replica claims 72 GiB of a GPU, so no two
// replicas share one: the number of usable GPUs is the capacity.
#pragma once

#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::test {

inline Json gpu_json(int index, placement::Bytes total = 80 * placement::kGiB, const std::string& name = "NVIDIA A100 80GB") {
  return Json{{"index", index}, {"name", name}, {"vendor", "nvidia"}, {"type", "cuda"}, {"memory", {{"total", total}}}};
}

inline Json worker_json(int id, int gpus, const std::string& state = "ready", Json labels = Json::object(),
                        placement::Bytes gpu_total = 80 * placement::kGiB) {
  Json devices = Json::array();
  for (int i = 0; i < gpus; ++i) devices.push_back(gpu_json(i, gpu_total));
  labels["os"] = "linux";
  return Json{{"id", id},
              {"name", "w" + std::to_string(id)},
              {"state", state},
              {"labels", labels},
              {"status", {{"memory", {{"total", 512 * placement::kGiB}}}, {"gpu_devices", devices}}}};
}

inline Json vllm_scenario(std::vector<Json> workers, placement::Bytes weights = 16 * placement::kGiB) {
  Json config{{"architectures", {"LlamaForCausalLM"}},
              {"num_attention_heads", 32},
              {"num_key_value_heads", 8},
              {"num_hidden_layers", 32},
              {"hidden_size", 4096},
              {"vocab_size", 128256},
              {"max_position_embeddings", 131072},
              {"torch_dtype", "bfloat16"}};
  Json model{{"id", 1},
             {"name", "llama-8b"},
             {"source", "huggingface"},
             {"huggingface_repo_id", "meta-llama/Llama-3.1-8B-Instruct"},
             {"backend", "vLLM"},
             {"replicas", 1},
             {"placement_strategy", "spread"},
             {"categories", {"llm"}},
             {"backend_parameters", Json::array()}};
  return Json{{"format", "placement-scenario/1"},
              {"workers", workers},
              {"model", model},
              {"model_instances", Json::array()},
              {"estimates", {{"weights_bytes", weights}, {"config", config}}}};
}

}  // namespace placement::test
