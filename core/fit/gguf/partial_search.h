// The search S4's single-GPU pass uses to find how many layers a GPU holds (§3.2 S4.1,
// "reproduce exactly"): over the non-full items' VRAM (ascending in layers), −1 when the list is
// empty or its first value exceeds the GPU, the last index when every value fits, else a binary
// search returning the hit, or `high` (the last index below the target) when absent.
#pragma once

#include <vector>

#include "scenario/types.h"

namespace placement::gguf_fit {

int layer_search(const std::vector<Bytes>& vram_by_item, Bytes target);

}  // namespace placement::gguf_fit
