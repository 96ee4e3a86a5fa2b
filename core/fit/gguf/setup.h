// §3.2 "Setup": the base and RPC-probe queries, the requirement figures, the parameters
// (-ngl, --tensor-split), the selection, allocatable memory and the walks by allocatable VRAM.
// Records the setup in the requirement record (with the Q10 marker).
#pragma once

#include "fit/gguf/run.h"

namespace placement::gguf_fit {

// Ends by keeping the setup's figures in `requirement`.
Setup build_setup(FitContext& ctx, QueryLog& queries, GgufRequirement& requirement);

// Selection parsing, exposed for tests: sorted ids and first-seen worker groups.
Selection make_selection(const std::vector<std::string>& gpu_ids);

// approx_gpus (§3.2 setup 5): least i in 1…16 with largest / full_vram > 1/i, else −1.
int approximate_gpu_count(Bytes largest_gpu_alloc, Bytes full_vram_nonuma, bool any_gpu);

}  // namespace placement::gguf_fit
