// vLLM's multi-node topology rule for the mp executor (scheduler-rules.md §3.3.8): whether a set of
// workers with these GPU counts can host the user's tp/pp/pcp/dp/dpl. Pure; the reason names the
// first broken rule so the multi-worker explanation can quote it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fit/common/data_fields.h"
#include "scenario/backend_parameters.h"
#include "scenario/types.h"

namespace placement {

struct VllmUserParallelism {
  std::optional<long long> tp, pp, pcp, dp, dpl;
};
VllmUserParallelism read_vllm_parallelism(const BackendParameters& params);

struct TopologyCheck {
  bool ok = true;
  std::string code;    // tp_not_derivable | dp_mismatch | dpl_mismatch | heterogeneous | uneven_nodes | uneven_dp
  std::string reason;  // GPUStack-style sentence
  DataFields values;
};

TopologyCheck check_vllm_topology(const std::vector<long long>& gpus_per_node, const VllmUserParallelism& user);

}  // namespace placement
