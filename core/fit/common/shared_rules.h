// Pieces shared by the vLLM, SGLang, MindIE and Custom fits (scheduler-rules.md §3.1).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fit/common/hf_config.h"
#include "fit/fit_context.h"

namespace placement {

// §3.1.1 VRAM estimate. Throws InputError (/estimates/weights_bytes) when it cannot be formed.
Bytes estimate_vram(const Scenario& scenario, const Model& model);
// GPUSTACK_MODEL_VRAM_CLAIM as an integer, if set and valid.
std::optional<Bytes> env_vram_claim(const Model& model);

// §3.1.2 RAM need (extended KV cache with ram_size > 0), else 0.
Bytes ram_need(const Model& model);
inline bool ram_short(Bytes need, const Allocatable& a) { return need > 0 && a.ram < need; }

// §3.1.3 RAM to claim for a candidate with this VRAM dict; nullopt = no RAM claim (null).
std::optional<Bytes> claim_ram(const Model& model, const VramMap& vram, Bytes static_ram = 0);

// §3.1.4 tensor-parallel divisibility.
struct TpCheck {
  bool ok = true;
  std::string quantity;  // attention_heads | vision_heads | vocab_size | gpu_count
  long long value = 0;
  long long n = 0;
  std::string reason() const;
};
enum class VisionRule { vllm, sglang, none };
TpCheck tp_ok(const HfHyperParameters& hp, long long n, const BackendParameters& params, VisionRule rule);

// §3.1.5 gpu_count. `world` = the parameter world size (0 when none). Throws ReferenceError
// (stage `selector_init`) on a world size that contradicts the selected GPUs.
std::optional<int> gpu_count(const Model& model, long long world, const std::string& world_labels);
bool skip_gpu_count_check(const Model& model);

// §3.1.6 GPU claim: u > 0 → int(total × u); else int(request / n).
Bytes gpu_claim(Bytes total, double u, Bytes request_vram, std::size_t n);

// Python-style formatting helpers for explanations.
double to_gib(Bytes b);           // b / 2^30
// GPUStack's byte_to_gib: round(bytes / 2^30, 2). printf rounds the exact binary value half to
// even, which is what Python's round() does.
double round_to_gib(double bytes);
std::string gib_text(Bytes b);    // "%.2f"
std::string bytes_text(Bytes b);  // plain integer

// Utilisation per GPU type; "*" is the fallback.
using UtilisationMap = std::vector<std::pair<std::string, double>>;
double utilisation_for(const UtilisationMap& map, const std::string& type);

}  // namespace placement
