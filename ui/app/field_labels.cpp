#include "app/field_labels.h"

#include <algorithm>
#include <map>

namespace placement::ui {

std::string field_label(const std::string& key) {
  static const std::map<std::string, std::string> labels = {
      {"backend", "Backend"},
      {"backend_version", "Backend version"},
      {"backend_parameters", "Backend parameters"},
      {"cluster_id", "Cluster id"},
      {"cpu_offloading", "CPU offloading"},
      {"distributed_inference_across_workers", "Distributed across workers"},
      {"draft_model", "Draft model"},
      {"enabled", "Enabled"},
      {"gpu_ids", "GPU ids"},
      {"gpus_per_replica", "GPUs per replica"},
      {"huggingface_filename", "Hugging Face file"},
      {"huggingface_repo_id", "Hugging Face repo"},
      {"local_path", "Local path"},
      {"model_scope_file_path", "ModelScope file"},
      {"model_scope_model_id", "ModelScope model"},
      {"name", "Name"},
      {"placement_strategy", "Placement strategy"},
      {"replicas", "Replicas"},
      {"source", "Source"},
      {"speculative_config", "Speculative decoding"},
      {"state", "State"},
      {"worker_selector", "Worker selector"},
  };
  auto it = labels.find(key);
  return it == labels.end() ? key : it->second;
}

std::vector<std::string> parameter_chips(const std::string& backend) {
  if (backend == "SGLang") return {"--tp-size=2", "--mem-fraction-static=0.8", "--nnodes=2"};
  if (backend == "MindIE") return {"--npu-memory-fraction=0.8", "--max-seq-len=8192", "--cpu-mem-size=5"};
  if (backend == "llama-box") return {"--ctx-size=8192", "--tensor-split=1,1", "--no-kv-offload"};
  if (backend == "Custom" || backend == "VoxBox") return {};
  return {"--tensor-parallel-size=2", "--pipeline-parallel-size=2", "--gpu-memory-utilization=0.85", "--max-model-len=8192"};
}

std::vector<std::string> unused_chips(const std::vector<std::string>& chips, const std::vector<std::string>& current) {
  auto flag = [](const std::string& p) { return p.substr(0, p.find('=')); };
  std::vector<std::string> out;
  for (const std::string& c : chips)
    if (std::none_of(current.begin(), current.end(), [&](const std::string& p) { return flag(p) == flag(c); })) out.push_back(c);
  return out;
}

}  // namespace placement::ui
