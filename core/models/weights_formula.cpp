#include "models/weights_formula.h"

#include <algorithm>
#include <string>

#include "fit/common/hf_config.h"

namespace placement {

namespace {

// Bytes per parameter of a torch_dtype; 0 = unknown.
long long dtype_bytes(const std::string& dtype) {
  if (dtype == "float32") return 4;
  if (dtype == "float16" || dtype == "bfloat16") return 2;
  if (dtype == "float8_e4m3fn" || dtype == "int8") return 1;
  return 0;
}

long long member_or(const Json& obj, const char* key, long long fallback) {
  return positive_int(obj, key).value_or(fallback);
}

bool is_encoder(const Json& root) {
  if (!root.contains("architectures") || !root["architectures"].is_array() || root["architectures"].empty()) return false;
  const Json& a = root["architectures"][0];
  if (!a.is_string()) return false;
  const std::string arch = a.get<std::string>();
  return arch.find("Bert") != std::string::npos || arch.find("Roberta") != std::string::npos;
}

struct Shape {
  long long h, layers, heads, kv_heads, head_dim, vocab, inter;
};

// BERT / XLM-RoBERTa: word + position + token-type embeddings, biased projections, a plain MLP.
long long encoder_parameters(const Shape& s, const Json& text) {
  const long long positions = member_or(text, "max_position_embeddings", 512);
  const long long types = member_or(text, "type_vocab_size", 2);
  const long long embeddings = (s.vocab + positions + types) * s.h + 2 * s.h;
  const long long layer = 4 * (s.h * s.h + s.h) + (s.h * s.inter + s.inter) + (s.inter * s.h + s.h) + 4 * s.h;
  return embeddings + s.layers * layer;
}

// Multi-head latent attention (DeepSeek V2/V3) or grouped-query attention, per layer.
long long attention_parameters(const Shape& s, const Json& text) {
  const auto kv_lora = positive_int(text, "kv_lora_rank");
  if (!kv_lora) return 2 * s.h * s.heads * s.head_dim + 2 * s.h * s.kv_heads * s.head_dim;
  const long long nope = member_or(text, "qk_nope_head_dim", 0), rope = member_or(text, "qk_rope_head_dim", 0);
  const long long v = member_or(text, "v_head_dim", s.head_dim);
  const auto q_lora = positive_int(text, "q_lora_rank");
  const long long q = q_lora ? s.h * *q_lora + *q_lora * s.heads * (nope + rope) : s.h * s.heads * (nope + rope);
  return q + s.h * (*kv_lora + rope) + *kv_lora * s.heads * (nope + v) + s.heads * v * s.h;
}

// Gated MLPs of every layer: dense, or routed + shared experts with a router (the first
// `first_k_dense_replace` layers dense).
long long mlp_parameters(const Shape& s, const Json& text) {
  long long experts = 0;
  for (const char* k : {"n_routed_experts", "num_local_experts", "num_experts"})
    if (auto v = positive_int(text, k)) {
      experts = *v;
      break;
    }
  if (experts == 0) return s.layers * 3 * s.h * s.inter;
  const long long expert_inter = member_or(text, "moe_intermediate_size", s.inter);
  const long long shared = member_or(text, "n_shared_experts", 0);
  const long long moe_layer = (experts + shared) * 3 * s.h * expert_inter + s.h * experts;
  const long long dense = std::min(member_or(text, "first_k_dense_replace", 0), s.layers);
  return dense * 3 * s.h * s.inter + (s.layers - dense) * moe_layer;
}

}  // namespace

std::optional<Bytes> weights_from_config(const Json& config) {
  if (!config.is_object()) return std::nullopt;
  // Encoder-decoder models (Whisper) have two stacks the decoder-only formula does not describe.
  if (config.contains("encoder_layers") || config.contains("decoder_layers")) return std::nullopt;
  const HfHyperParameters hp = read_hf_config(config);
  const Json& text = hp.text_config;
  if (!hp.hidden_size || !hp.num_hidden_layers || !hp.num_attention_heads || !hp.vocab_size || !hp.head_dim) return std::nullopt;
  std::string dtype = hp.torch_dtype;
  if (text.is_object() && !text.contains("torch_dtype") && config.contains("torch_dtype") && config["torch_dtype"].is_string())
    dtype = config["torch_dtype"].get<std::string>();
  const long long bytes = dtype_bytes(dtype);
  if (bytes == 0) return std::nullopt;
  Shape s{*hp.hidden_size, *hp.num_hidden_layers, *hp.num_attention_heads,
          member_or(text, "num_key_value_heads", *hp.num_attention_heads), *hp.head_dim, *hp.vocab_size,
          member_or(text, "intermediate_size", 4 * *hp.hidden_size)};
  if (is_encoder(config)) return encoder_parameters(s, text) * bytes;
  // FP8 checkpoints store the layers' linear weights in one byte; embeddings and norms keep the dtype.
  const bool fp8 = hp.quantization_config.is_object() && hp.quantization_config.value("quant_method", "") == "fp8";
  const long long linear_bytes = fp8 ? 1 : bytes;
  const bool tied = text.is_object() && text.value("tie_word_embeddings", false);
  const long long embeddings = s.vocab * s.h * (tied ? 1 : 2);
  const long long norms = s.layers * 2 * s.h + s.h;
  const long long linear = s.layers * attention_parameters(s, text) + mlp_parameters(s, text);
  return linear * linear_bytes + (embeddings + norms) * bytes;
}

}  // namespace placement
