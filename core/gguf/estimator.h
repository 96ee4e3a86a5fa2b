// The gguf-parser-go-compatible llama.cpp memory estimator (format-and-estimate.md §2).
// OWNER: the GGUF estimator work. The CLI (`placement gguf FILE --estimate [flags] --json`) and
// the GGUF fit (through profile_estimate.h) call these.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gguf/estimate_items.h"
#include "gguf/model_profile.h"

namespace placement::gguf {

struct EstimatorOptions {
  std::optional<long long> ctx_size;       // default (absent or ≤ 0): the model's context length
  std::optional<long long> gpu_layers;     // -1/absent = all layers + output (full offload)
  std::vector<double> tensor_split;        // empty = one GPU
  std::vector<std::string> rpc;            // host:port, they take the first split entries
  bool flash_attention = false;
  bool no_mmap = false;
  long long batch_size = 2048;
  long long ubatch_size = 512;
  long long parallel = 1;
  std::string cache_type_k = "f16";
  std::string cache_type_v = "f16";
  long long platform_footprint_ram_mib = 150;
  long long platform_footprint_vram_mib = 250;
  // gguf-parser --gpu-layers-step s: items for ngl = 0, s, 2s, … then the default item (GPUStack's
  // "partial" query uses 1). 0/absent = one item.
  std::optional<std::uint64_t> gpu_layers_step;
  bool no_kv_offload = false;
  bool in_max_ctx_size = false;            // --in-max-ctx-size: cap the context at n_ctx_train
  long long main_gpu = 0;                  // --main-gpu: must index the tensor split
};

// Parses gguf-parser flags as the CLI receives them (see tests/data/gguf/README.md). Throws
// placement::InputError naming the flag on a bad value.
EstimatorOptions parse_estimator_flags(const std::vector<std::string>& args);

// Throws placement::InputError (pointer "/options/<flag>" or "/type") where gguf-parser would
// refuse: a non-model file, --ubatch-size above --batch-size, more RPC servers than split
// entries, a --main-gpu outside the split, an unusable tensor split.
Estimate estimate(const ModelProfile& profile, const EstimatorOptions& options);

}  // namespace placement::gguf
