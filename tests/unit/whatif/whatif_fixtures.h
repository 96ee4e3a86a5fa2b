// Small scenario documents for the what-if tests: uniform workers of 80 GiB GPUs and an 8B vLLM
// model. At the default --gpu-memory-utilization 0.9 a replica claims 72 GiB of a GPU, so no two
// replicas share one: the number of usable GPUs is the capacity.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
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

// The scenario documents of these folders (relative to the source tree), sorted by path, each
// with an acceptance case's `expected` object removed: (file name, document).
inline std::vector<std::pair<std::string, Json>> scenario_documents(const std::vector<const char*>& dirs) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const char* dir : dirs)
    for (const auto& e : fs::directory_iterator(fs::path(PE_SOURCE_DIR) / dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<std::pair<std::string, Json>> out;
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    Json doc = Json::parse(text.str());
    doc.erase("expected");
    out.emplace_back(f.filename().string(), std::move(doc));
  }
  return out;
}

}  // namespace placement::test
