#include <algorithm>

#include "scenario/types.h"

namespace placement {

const std::string* find_value(const StringMap& map, const std::string& key) {
  for (const auto& [k, v] : map)
    if (k == key) return &v;
  return nullptr;
}

const Bytes* find_vram(const VramMap& map, int index) {
  for (const auto& [k, v] : map)
    if (k == index) return &v;
  return nullptr;
}

Bytes vram_sum(const VramMap& map) {
  Bytes sum = 0;
  for (const auto& [k, v] : map) sum += v;
  return sum;
}

namespace {
bool ends_with_gguf(const std::optional<std::string>& s) {
  if (!s) return false;
  const std::string& v = *s;
  return v.size() >= 5 && v.compare(v.size() - 5, 5, ".gguf") == 0;
}
}  // namespace

std::string source_string(const ModelSource& s) {
  switch (s.kind) {
    case SourceKind::huggingface: {
      std::string out = s.huggingface_repo_id.value_or("");
      if (s.huggingface_filename) out += "/" + *s.huggingface_filename;
      return out;
    }
    case SourceKind::model_scope: {
      std::string out = "model_scope/" + s.model_scope_model_id.value_or("");
      if (s.model_scope_file_path) out += "/" + *s.model_scope_file_path;
      return out;
    }
    case SourceKind::local_path:
      return s.local_path.value_or("");
  }
  return {};
}

bool is_gguf(const Model& m) {
  switch (m.source.kind) {
    case SourceKind::huggingface: return ends_with_gguf(m.source.huggingface_filename);
    case SourceKind::model_scope: return ends_with_gguf(m.source.model_scope_file_path);
    case SourceKind::local_path: return ends_with_gguf(m.source.local_path);
  }
  return false;
}

std::string effective_backend(const Model& m) {
  if (m.backend && !m.backend->empty()) return *m.backend;
  return is_gguf(m) ? "Custom" : "vLLM";
}

bool distributed_enabled(const Model& m) {
  if (m.distributed_inference_across_workers) return *m.distributed_inference_across_workers;
  const std::string b = effective_backend(m);
  return b == "vLLM" || b == "SGLang" || b == "MindIE";
}

bool has_category(const Model& m, const std::string& c) {
  return std::find(m.categories.begin(), m.categories.end(), c) != m.categories.end();
}

bool is_llm(const Model& m) { return m.categories.empty() || has_category(m, "llm"); }

const std::vector<std::string>* gpu_ids(const Model& m) {
  if (m.gpu_selector && m.gpu_selector->gpu_ids && !m.gpu_selector->gpu_ids->empty()) return &*m.gpu_selector->gpu_ids;
  return nullptr;
}

std::optional<int> gpus_per_replica(const Model& m) {
  if (m.gpu_selector && m.gpu_selector->gpus_per_replica && *m.gpu_selector->gpus_per_replica > 0)
    return m.gpu_selector->gpus_per_replica;
  return std::nullopt;
}

}  // namespace placement
