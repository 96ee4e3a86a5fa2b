// Small text pieces every readable explanation shares (schedule, scale-down, what-if answers).
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement {

std::string gib(double bytes);                     // "72.00 GiB"
std::string candidate_line(const Candidate& c);    // "a100-1 GPUs [0,1] + a100-2 [overcommit]"

}  // namespace placement
