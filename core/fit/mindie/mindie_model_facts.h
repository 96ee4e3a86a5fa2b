// Facts about the model that MindIE's estimate switches on (scheduler-rules.md §3.5.3): the attention
// type, whether the architecture is in GPUStack's multimodal registry, and gpustack-runtime's
// version ordering (backend_version ≥ 2.2.rc1 turns the multimodal formula on).
#pragma once

#include <string>
#include <vector>

#include "fit/common/hf_config.h"

namespace placement::mindie {

enum class AttentionType { unknown, mha, gqa, mqa, mla };
std::string attention_name(AttentionType t);  // "MHA", "GQA", "MQA", "MLA", "unknown"

// kv = 1 → MQA; 1 < kv < heads and heads % kv == 0 → GQA; kv = heads → MLA when q_lora_rank and
// kv_lora_rank are set, else MHA; no heads or anything else → unknown.
AttentionType attention_type(const HfHyperParameters& hp);

// GPUStack's `_MULTIMODAL_MODELS` registry (gpustack/scheduler/model_registry.py).
bool is_multimodal_architecture(const std::vector<std::string>& architectures);

// gpustack_runtime compare_versions: -1, 0, 1. Parts split at . - _ +; digits compare as
// numbers; alpha/beta/rc sort before a release; other text compares by code points.
int compare_versions(const std::string& a, const std::string& b);

}  // namespace placement::mindie
