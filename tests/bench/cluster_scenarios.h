// Deterministic cluster scenarios for the scale benchmark (issue 5): N workers × 8 GPUs with a
// mix of GPU types, about two existing instances per worker, and one model per case (vLLM single
// GPU / multi GPU / multi worker, SGLang, GGUF with the built-in estimator). The generator uses
// its own SplitMix64 generator and integer arithmetic only, so the native and the WebAssembly
// builds produce byte-identical scenarios from the same seed (standard-library distributions are
// implementation-defined and differ between libstdc++ and libc++).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::bench {

enum class ModelKind {
  vllm_single_gpu,
  vllm_multi_gpu,
  vllm_multi_worker,
  sglang_single_gpu,
  sglang_multi_gpu,
  gguf_full_offload,
  gguf_multi_gpu,
  gguf_distributed_partial,
};

struct CaseSpec {
  std::string name;  // e.g. "vllm_single_gpu"
  ModelKind kind;
  std::vector<int> worker_counts;  // sizes to run, each × 8 GPUs
};

// Every case of the benchmark, in table order.
std::vector<CaseSpec> benchmark_cases();

// The scenario for one case at one size. `gguf_profile` is the model profile JSON for GGUF
// kinds (ignored otherwise). The seed depends only on (kind, workers).
Json make_scenario(ModelKind kind, int workers, const Json& gguf_profile);

// Which profile a GGUF kind uses (a file name under tests/data/gguf/models).
std::string gguf_model_file(ModelKind kind);
bool is_gguf_kind(ModelKind kind);

}  // namespace placement::bench
