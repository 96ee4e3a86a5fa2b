// MindIE's resource estimate (scheduler-rules.md §3.5.3):
//   RAM  = 512 MiB + cpu_mem_size GiB (swap space, kept only with --max-preempt-count > 0, Q27)
//   VRAM = footprint + weights + KV cache + computation
// unless the model's env sets GPUSTACK_MODEL_VRAM_CLAIM > 0, which replaces both with
// (GPUSTACK_MODEL_RAM_CLAIM, GPUSTACK_MODEL_VRAM_CLAIM).
#pragma once

#include "fit/common/hf_config.h"
#include "fit/mindie/mindie_model_facts.h"
#include "fit/mindie/mindie_parameters.h"
#include "scenario/types.h"
#include "trace/json_out.h"

namespace placement::mindie {

struct UsageEstimate {
  Bytes ram = 0;
  Bytes vram = 0;
  bool from_env = false;
  // The terms, for the requirement record.
  Bytes ram_footprint = 0, ram_kv_swappable = 0;
  Bytes vram_footprint = 0, weights = 0, kv_cache = 0, computation = 0;
  AttentionType attention = AttentionType::unknown;
  long long heads_factor = 1;  // n': 2·heads (MHA), 2·kv (GQA), 2 (MQA), else 1
  long long head_dim = 0;      // d: head_dim, or 2·qk_nope_head_dim for MLA
  long long layers = 0;
  long long tokens = 0;  // max_seq_len
  int t_size = 2, ct_size = 2, at_size = 2;
  bool multimodal = false;

  // The requirement record's `estimate`: source, RAM and VRAM (bytes), then, unless from the
  // env, the terms (bytes) and the inputs.
  void write(JsonOut& out) const;
};

// Throws InputError when weights_bytes is needed but missing; ReferenceError (stage `fit`) where
// GPUStack's arithmetic would raise (an MLA model without qk_nope_head_dim).
UsageEstimate estimate_usage(const Scenario& scenario, const Model& model, const HfHyperParameters& hp,
                             const ServingParameters& params);

}  // namespace placement::mindie
