#include "fit/common/hf_config.h"

#include <cmath>
#include <limits>

namespace placement {

std::optional<long long> int_member(const Json& obj, const char* key) {
  if (!obj.is_object()) return std::nullopt;
  auto it = obj.find(key);
  if (it == obj.end() || it->is_boolean()) return std::nullopt;
  // A value beyond 64 bits (an unsigned one past 2^63, or a float like 4e107; found by
  // scenario_fuzz) is not a usable count: it reads as absent instead of wrapping or overflowing.
  if (it->is_number_unsigned()) {
    const auto u = it->get<unsigned long long>();
    if (u > static_cast<unsigned long long>(std::numeric_limits<long long>::max())) return std::nullopt;
    return static_cast<long long>(u);
  }
  if (it->is_number_integer()) return it->get<long long>();
  if (it->is_number_float()) {
    const double d = it->get<double>();
    constexpr double kTwoTo63 = 9223372036854775808.0;
    if (std::isfinite(d) && d == std::floor(d) && d >= -kTwoTo63 && d < kTwoTo63) return static_cast<long long>(d);
  }
  return std::nullopt;
}

std::optional<long long> positive_int(const Json& obj, const char* key) {
  auto v = int_member(obj, key);
  if (v && *v > 0) return v;
  return std::nullopt;
}

namespace {

std::optional<double> number_member(const Json& obj, const char* key) {
  if (!obj.is_object()) return std::nullopt;
  auto it = obj.find(key);
  if (it == obj.end() || it->is_boolean() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

const Json& member(const Json& obj, const char* key) {
  static const Json null_json;
  if (!obj.is_object()) return null_json;
  auto it = obj.find(key);
  return it == obj.end() ? null_json : *it;
}

long long max_model_length(const Json& text) {
  static const char* keys[] = {"max_position_embeddings", "n_positions", "max_seq_len", "seq_length", "model_max_length",
                               "max_target_positions", "max_sequence_length", "max_seq_length", "seq_len"};
  std::optional<double> best;
  for (const char* k : keys)
    if (auto v = number_member(text, k); v && (!best || *v < *best)) best = v;
  double len = best.value_or(2048);
  const Json& rope = member(text, "rope_scaling");
  if (rope.is_object()) {
    std::string type;
    if (rope.contains("type") && rope["type"].is_string()) type = rope["type"].get<std::string>();
    else if (rope.contains("rope_type") && rope["rope_type"].is_string()) type = rope["rope_type"].get<std::string>();
    if (type != "su" && type != "longrope" && type != "llama3") {
      if (auto factor = number_member(rope, "factor")) {
        if (type == "yarn")
          if (auto orig = number_member(text, "original_max_position_embeddings")) len = *orig;
        len *= *factor;
      }
    }
  }
  // A length beyond 64 bits (or NaN) reads as absent, like the counts: GPUStack's default 2048.
  // Converting it was undefined behaviour (scenario_fuzz, UBSan: float-cast-overflow).
  if (!(len >= -9223372036854775808.0 && len < 9223372036854775808.0)) return 2048;
  return static_cast<long long>(len);
}

}  // namespace

HfHyperParameters read_hf_config(const std::optional<Json>& config) {
  HfHyperParameters h;
  if (!config || !config->is_object()) return h;
  h.known = true;
  const Json& root = *config;
  const Json& tc = member(root, "text_config");
  h.text_config = (tc.is_object() && tc.contains("num_attention_heads")) ? tc : root;
  const Json& text = h.text_config;

  if (root.contains("architectures") && root["architectures"].is_array())
    for (const auto& a : root["architectures"])
      if (a.is_string()) h.architectures.push_back(a.get<std::string>());

  h.num_attention_heads = int_member(text, "num_attention_heads");
  if (!h.num_attention_heads || *h.num_attention_heads == 0) {  // GPUStack: `if not heads` (0 is falsy)
    h.num_attention_heads.reset();
    const Json* places[] = {&member(root, "llm_config"), &member(root, "text_config"), &root,
                            &member(member(root, "thinker_config"), "text_config")};
    for (const Json* p : places)
      if (auto v = positive_int(*p, "num_attention_heads")) {
        h.num_attention_heads = v;
        break;
      }
  }
  h.num_hidden_layers = int_member(text, "num_hidden_layers");
  h.hidden_size = int_member(text, "hidden_size");
  h.vocab_size = int_member(text, "vocab_size");
  h.num_key_value_heads = int_member(text, "num_key_value_heads").value_or(1);
  h.head_dim = int_member(text, "head_dim");
  if (h.head_dim && *h.head_dim == 0) h.head_dim.reset();  // falsy in GPUStack: derived below
  if (!h.head_dim && h.hidden_size && *h.hidden_size != 0 && h.num_attention_heads && *h.num_attention_heads != 0) {
    long long a = *h.hidden_size, b = *h.num_attention_heads;
    long long q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;  // Python floor division
    h.head_dim = q;
  }
  if (text.contains("torch_dtype") && text["torch_dtype"].is_string()) h.torch_dtype = text["torch_dtype"].get<std::string>();
  if (text.contains("quantize") && text["quantize"].is_string()) h.quantize = text["quantize"].get<std::string>();
  h.quantization_config = member(text, "quantization_config");
  h.q_lora_rank = int_member(text, "q_lora_rank");
  h.kv_lora_rank = int_member(text, "kv_lora_rank");
  h.qk_nope_head_dim = int_member(text, "qk_nope_head_dim");
  h.qk_rope_head_dim = int_member(text, "qk_rope_head_dim");
  h.v_head_dim = int_member(text, "v_head_dim");
  // GPUStack: its own field `moe_num_experts` if the config has one, and while that is falsy the
  // first *truthy* of these keys (`if value := getattr(...)`): a 0 does not stop the search.
  h.num_experts = int_member(text, "moe_num_experts");
  if (!h.num_experts || *h.num_experts == 0)
    for (const char* k : {"n_routed_experts", "num_local_experts", "num_experts"})
      if (auto v = int_member(text, k); v && *v != 0) {
        h.num_experts = v;
        break;
      }
  h.moe_intermediate_size = int_member(text, "moe_intermediate_size");
  const Json& vc = member(root, "vision_config");
  if (vc.is_object()) {
    h.vision_config = vc;
    auto heads = positive_int(vc, "num_attention_heads");
    if (!heads) heads = positive_int(vc, "num_heads");
    if (heads) h.vision_heads = *heads + std::max<long long>(int_member(vc, "num_dummy_heads").value_or(0), 0);
  }
  h.max_length = max_model_length(text);
  return h;
}

}  // namespace placement
