// Hyper-parameters GPUStack reads from a Hugging Face config.json (scheduler-rules.md §1.7), used by
// the vLLM, SGLang and MindIE fits (TP divisibility, MindIE's KV estimate, SGLang's calculator).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement {

struct HfHyperParameters {
  bool known = false;  // a config was given (even `{}`)
  Json text_config;    // text_config if it has num_attention_heads, else the root
  std::vector<std::string> architectures;
  std::optional<long long> num_attention_heads;  // with the fallbacks of §1.7
  std::optional<long long> num_hidden_layers;
  std::optional<long long> hidden_size;
  std::optional<long long> vocab_size;
  long long num_key_value_heads = 1;
  std::optional<long long> head_dim;  // default hidden_size // heads
  std::string torch_dtype = "bfloat16";
  std::optional<std::string> quantize;
  Json quantization_config;  // null when absent
  // MLA / MoE
  std::optional<long long> q_lora_rank, kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim;
  std::optional<long long> num_experts;  // moe_num_experts, else the first non-zero n_routed_experts / num_local_experts / num_experts
  std::optional<long long> moe_intermediate_size;
  // Vision tower (root has vision_config)
  std::optional<long long> vision_heads;
  Json vision_config;  // null when absent
  long long max_length = 2048;  // max model length after rope scaling
};

HfHyperParameters read_hf_config(const std::optional<Json>& config);

// A positive integer member of an object, else nullopt (bools are not ints).
std::optional<long long> positive_int(const Json& obj, const char* key);
std::optional<long long> int_member(const Json& obj, const char* key);

}  // namespace placement
