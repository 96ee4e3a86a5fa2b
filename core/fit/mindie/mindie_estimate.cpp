#include "fit/mindie/mindie_estimate.h"

#include <limits>

#include "scenario/backend_parameters.h"
#include "scenario/errors.h"
#include "share/ascii_case.h"

namespace placement::mindie {

namespace {

// GPUStack's safe_int: int(value), or the default when that raises.
long long safe_int(const StringMap& env, const char* key, long long fallback) {
  const std::string* v = find_value(env, key);
  if (!v) return fallback;
  return python_int(*v).value_or(fallback);
}

// Python ints do not overflow; a byte count beyond int64 cannot fit anywhere, so saturate.
Bytes saturate(__int128 v) {
  constexpr __int128 hi = std::numeric_limits<Bytes>::max();
  constexpr __int128 lo = std::numeric_limits<Bytes>::min();
  return static_cast<Bytes>(v > hi ? hi : (v < lo ? lo : v));
}

bool kv_quant_c8(const Json& qc) {
  if (!qc.is_object() || qc.empty()) return false;
  auto it = qc.find("kv_quant_type");
  return it != qc.end() && it->is_string() && share::ascii_lower(it->get<std::string>()) == "c8";
}

}  // namespace

UsageEstimate estimate_usage(const Scenario& scenario, const Model& model, const HfHyperParameters& hp,
                             const ServingParameters& params) {
  UsageEstimate e;
  if (!model.env.empty()) {
    const long long ram = safe_int(model.env, "GPUSTACK_MODEL_RAM_CLAIM", 0);
    const long long vram = safe_int(model.env, "GPUSTACK_MODEL_VRAM_CLAIM", 0);
    if (vram > 0) {
      e.from_env = true;
      e.ram = ram;
      e.vram = vram;
      return e;
    }
  }
  if (!scenario.estimates.weights_bytes)
    throw InputError("/estimates/weights_bytes",
                     "a MindIE model needs estimates.weights_bytes (or GPUSTACK_MODEL_VRAM_CLAIM > 0 in model.env)");

  e.multimodal = is_multimodal_architecture(hp.architectures) &&
                 compare_versions(model.backend_version.value_or("0.0.0"), "2.2.rc1") >= 0;

  e.ram_footprint = 512 * kMiB;
  e.ram_kv_swappable = saturate(static_cast<__int128>(params.cpu_mem_size) * kGiB);

  e.vram_footprint = 3 * kGiB;
  if (find_value(model.env, "RESERVED_MEMORY_GB")) {
    const long long gb = safe_int(model.env, "RESERVED_MEMORY_GB", 0);
    if (gb > 0) e.vram_footprint = saturate(static_cast<__int128>(gb) * kGiB);
  }
  e.weights = *scenario.estimates.weights_bytes;

  e.tokens = params.max_seq_len;
  e.layers = hp.num_hidden_layers.value_or(0);
  e.head_dim = hp.head_dim.value_or(0);
  e.t_size = (hp.torch_dtype == "float32" || hp.torch_dtype == "float") ? 4 : 2;

  // The KV cache term per attention type (DeepSeek-V2 report, "Comparison of Key-Value Cache").
  e.attention = attention_type(hp);
  e.ct_size = kv_quant_c8(hp.quantization_config) ? 1 : e.t_size;
  switch (e.attention) {
    case AttentionType::mha: e.heads_factor = 2 * *hp.num_attention_heads; break;
    case AttentionType::gqa: e.heads_factor = 2 * hp.num_key_value_heads; break;
    case AttentionType::mqa: e.heads_factor = 2; break;
    case AttentionType::mla:
      // GPUStack adds qk_nope_head_dim to itself (not qk_rope_head_dim); None + None raises.
      if (!hp.qk_nope_head_dim)
        throw ReferenceError("fit", "MLA attention without qk_nope_head_dim: GPUStack's KV estimate adds None + None",
                             DataFields{{"field", "qk_nope_head_dim"}});
      e.head_dim = 2 * *hp.qk_nope_head_dim;
      break;
    default: break;
  }
  __int128 kv = static_cast<__int128>(e.heads_factor) * e.head_dim * e.layers * e.tokens * e.ct_size;
  if (e.multimodal) kv = static_cast<__int128>(params.max_prefill_tokens) * (static_cast<__int128>(e.layers) * e.head_dim * 4);
  e.kv_cache = saturate(kv);

  e.at_size = (hp.quantize && share::ascii_lower(*hp.quantize).rfind("w8a8", 0) == 0) ? 1 : e.t_size;
  __int128 comp = static_cast<__int128>(params.max_batch_size) * params.cache_block_size *
                  (static_cast<__int128>(e.layers) * e.heads_factor * e.head_dim * e.at_size);
  if (e.multimodal)
    comp = static_cast<__int128>(params.max_batch_size) * params.max_iter_times * (static_cast<__int128>(e.layers) * e.head_dim * 4);
  e.computation = saturate(comp);

  e.ram = saturate(static_cast<__int128>(e.ram_footprint) + e.ram_kv_swappable);
  e.vram = saturate(static_cast<__int128>(e.vram_footprint) + e.weights + e.kv_cache + e.computation);
  return e;
}

void UsageEstimate::write(JsonOut& out) const {
  out.begin_object();
  out.member("source", from_env ? "env" : "estimate");
  out.member("ram", ram);
  out.member("vram", vram);
  if (!from_env) {
    out.key("ram_terms");
    out.begin_object();
    out.member("footprint", ram_footprint);
    out.member("kv_cache_swappable", ram_kv_swappable);
    out.end_object();
    out.key("vram_terms");
    out.begin_object();
    out.member("footprint", vram_footprint);
    out.member("weights", weights);
    out.member("kv_cache", kv_cache);
    out.member("computation", computation);
    out.end_object();
    out.key("inputs");
    out.begin_object();
    out.member("attention", attention_name(attention));
    out.member("heads_factor", heads_factor);
    out.member("head_dim", head_dim);
    out.member("layers", layers);
    out.member("tokens", tokens);
    out.member("t_size", t_size);
    out.member("ct_size", ct_size);
    out.member("at_size", at_size);
    out.member("multimodal", multimodal);
    out.end_object();
  }
  out.end_object();
}

}  // namespace placement::mindie
