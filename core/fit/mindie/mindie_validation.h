// MindIE's parallelisation check before any worker is looked at (scheduler-rules.md §3.5.4). A failure
// is not an error: GPUStack explains it and schedules nothing (§7.3).
//   pp > 1: heads % tp; else heads % world (the message names dp / cp / moe-ep when > 1), then
//   experts % moe-ep (if > 1) and MoE intermediate size % moe-tp (if > 1) — all only with heads
//   known; always vocab % tp.
#pragma once

#include <optional>
#include <string>

#include "fit/common/data_fields.h"
#include "fit/common/hf_config.h"
#include "fit/mindie/mindie_parameters.h"

namespace placement::mindie {

struct ValidationFailure {
  std::string rule;      // heads_tp | heads_world | experts_moe_ep | moe_intermediate_moe_tp | vocab_tp
  std::string quantity;  // attention_heads | moe_experts | moe_intermediate_size | vocab_size
  long long value = 0;
  std::string divisor_flag;  // --tensor-parallel-size, world, --moe-expert-parallel-size, ...
  long long divisor = 0;
  std::string via;  // for heads_world: data_parallel | context_parallel | moe_expert_parallel | tensor_parallel
  ParallelSizes sizes;

  // The failure as a skip's `data` and the parallel_validation message's values, in this order:
  // rule, quantity, value, divisor_flag, divisor, via (null unless heads_world), tp, dp, cp,
  // moe_ep, moe_tp, world.
  DataFields fields() const;
};

// Throws ReferenceError (stage `fit`) where GPUStack's modulo would divide by zero.
std::optional<ValidationFailure> validate_parallelism(const HfHyperParameters& hp, const ParallelSizes& p);

}  // namespace placement::mindie
