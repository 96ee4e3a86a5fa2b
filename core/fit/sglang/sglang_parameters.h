// SGLang's backend parameters as GPUStack's SGLang selector reads them (scheduler-rules.md §3.4.1-2):
// the parallel sizes, the world size that feeds gpu_count, and the validation that rejects a
// configuration SGLang itself would refuse.
#pragma once

#include <optional>
#include <string>

#include "fit/common/hf_config.h"
#include "scenario/backend_parameters.h"

namespace placement {

// §3.4.1: tp × pp × dp of the sizes that are given and non-zero (dp dropped with a true
// --enable-dp-attention). size 0 = none given.
struct SglangWorld {
  long long size = 0;
  std::string labels;  // "tp/pp/dp" as GPUStack names them in its mismatch error
};
SglangWorld sglang_world(const BackendParameters& params);

// The values the selector and the mem-fraction calculator work with. GPUStack reads every size
// with `find_int_parameter(...) or 1`, so an absent, unparsable or zero size counts as 1.
struct SglangParameters {
  long long tp = 1, pp = 1, dp = 1;
  long long nnodes = 1;
  bool dp_attention = false;
  std::optional<std::string> speculative_algorithm;  // any value, even empty, counts as given
  bool mixed_chunk = false;                          // strtobool of a valued flag
  bool mixed_chunk_bare = false;                     // Q30: a bare flag is read as absent
  std::optional<std::string> mem_fraction_static_text;  // non-empty value only
  double mem_fraction_static = 0;                       // float() of that text
  std::optional<long long> chunked_prefill_size;
  std::optional<long long> cuda_graph_max_bs;
  std::optional<std::string> piecewise_cuda_graph;  // valued flag only (Q30); any text enables it
  bool piecewise_cuda_graph_bare = false;
  long long piecewise_cuda_graph_max_tokens = 0;
};

// Reads and validates in GPUStack's order (§3.4.2); the first failing rule throws a
// ReferenceError with stage `selector_init`. `has_parameters` = backend_parameters non-empty
// (GPUStack only looks for --nnodes then).
SglangParameters read_and_validate_sglang_parameters(const BackendParameters& params, bool has_parameters,
                                                      const HfHyperParameters& hp);

// transformers' strtobool: y/yes/t/true/on/1 → true, n/no/f/false/off/0 → false (any case);
// anything else is nullopt (GPUStack raises ValueError).
std::optional<bool> python_strtobool(const std::string& text);

}  // namespace placement
