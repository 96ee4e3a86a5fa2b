#include "fit/common/shared_rules.h"

#include <cstdio>
#include <cstdlib>

#include "scenario/errors.h"
#include "share/ascii_case.h"

namespace placement {

std::optional<Bytes> env_vram_claim(const Model& model) {
  const std::string* v = find_value(model.env, "GPUSTACK_MODEL_VRAM_CLAIM");
  if (!v) return std::nullopt;
  auto n = python_int(*v);
  if (!n) return std::nullopt;
  return static_cast<Bytes>(*n);
}

Bytes estimate_vram(const Scenario& scenario, const Model& model) {
  if (auto env = env_vram_claim(model)) return *env;
  if (!scenario.estimates.weights_bytes)
    throw InputError("/estimates/weights_bytes",
                     "this model needs estimates.weights_bytes (or a numeric GPUSTACK_MODEL_VRAM_CLAIM in model.env)");
  const Bytes weights = *scenario.estimates.weights_bytes;
  if (has_category(model, "image")) return weights;
  const double f = has_category(model, "text_to_speech") ? 3.0 : 1.2;
  const Bytes o = is_llm(model) ? 2 * kGiB : 512 * kMiB;
  return static_cast<Bytes>(static_cast<double>(weights) * f) + o;
}

Bytes ram_need(const Model& model) {
  const auto& kv = model.extended_kv_cache;
  if (kv && kv->enabled && kv->ram_size && *kv->ram_size > 0) return static_cast<Bytes>(*kv->ram_size * static_cast<double>(kGiB));
  return 0;
}

std::optional<Bytes> claim_ram(const Model& model, const VramMap& vram, Bytes static_ram) {
  if (static_ram != 0) return static_ram;
  const auto& kv = model.extended_kv_cache;
  if (kv && kv->enabled) {
    if (kv->ram_size && *kv->ram_size > 0) return static_cast<Bytes>(*kv->ram_size * static_cast<double>(kGiB));
    if (kv->ram_ratio && *kv->ram_ratio > 0 && !vram.empty())
      return static_cast<Bytes>(static_cast<double>(vram_sum(vram)) * *kv->ram_ratio);
  }
  return std::nullopt;
}

std::string TpCheck::reason() const {
  if (ok) return {};
  if (quantity == "gpu_count") return "no tensor parallel size (n = " + std::to_string(n) + ")";
  return "the number of " + quantity + " (" + std::to_string(value) + ") is not divisible by " + std::to_string(n);
}

TpCheck tp_ok(const HfHyperParameters& hp, long long n, const BackendParameters& params, VisionRule rule) {
  TpCheck c;
  c.n = n;
  if (n <= 0) {
    c.ok = false;
    c.quantity = "gpu_count";
    return c;
  }
  if (hp.num_attention_heads && *hp.num_attention_heads % n != 0) {
    c.ok = false;
    c.quantity = "attention_heads";
    c.value = *hp.num_attention_heads;
    return c;
  }
  bool check_vision = false;
  if (rule == VisionRule::vllm) check_vision = !params.boolean("language-model-only").value_or(false);
  if (rule == VisionRule::sglang) check_vision = !params.boolean("language-only").value_or(false);
  if (check_vision && hp.vision_heads && *hp.vision_heads % n != 0) {
    c.ok = false;
    c.quantity = "vision_heads";
    c.value = *hp.vision_heads;
    return c;
  }
  if (hp.vocab_size && *hp.vocab_size % n != 0) {
    c.ok = false;
    c.quantity = "vocab_size";
    c.value = *hp.vocab_size;
    return c;
  }
  return c;
}

bool skip_gpu_count_check(const Model& model) {
  const std::string* v = find_value(model.env, "GPUSTACK_SKIP_GPU_COUNT_CHECK");
  if (!v) return false;
  const std::string s = share::ascii_lower(*v);
  return s == "1" || s == "true" || s == "yes" || s == "on";
}

std::optional<int> gpu_count(const Model& model, long long world, const std::string& world_labels) {
  std::optional<int> selected;
  if (const auto* ids = gpu_ids(model)) selected = gpus_per_replica(model).value_or(static_cast<int>(ids->size()));
  if (world > 0) {
    if (!selected || *selected == world) return static_cast<int>(world);
    if (skip_gpu_count_check(model)) return selected;
    throw ReferenceError("selector_init",
                         "the parallel sizes (" + world_labels + ") give a world size of " + std::to_string(world) +
                             ", but " + std::to_string(*selected) + " GPUs are selected",
                         // model and backend: GPUStack's message names them (gpustack_messages)
                         DataFields{{"labels", world_labels},
                                    {"world_size", world},
                                    {"gpu_count", *selected},
                                    {"model", model.name},
                                    {"backend", model.backend}});
  }
  return selected;
}

Bytes gpu_claim(Bytes total, double u, Bytes request_vram, std::size_t n) {
  if (u > 0) return static_cast<Bytes>(static_cast<double>(total) * u);
  if (n == 0) return 0;
  return static_cast<Bytes>(static_cast<double>(request_vram) / static_cast<double>(n));
}

double to_gib(Bytes b) { return static_cast<double>(b) / static_cast<double>(kGiB); }

double round_to_gib(double bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", bytes / static_cast<double>(kGiB));
  return std::strtod(buf, nullptr);
}

std::string gib_text(Bytes b) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", to_gib(b));
  return buf;
}

std::string bytes_text(Bytes b) { return std::to_string(b); }

double utilisation_for(const UtilisationMap& map, const std::string& type) {
  for (const auto& [t, u] : map)
    if (t == type) return u;
  for (const auto& [t, u] : map)
    if (t == "*") return u;
  return 0;
}

}  // namespace placement
