// Readable answers of the what-if commands (`placement capacity|diff|sweep|advise` without
// --json). Pure: each renders the command's JSON answer, so text and JSON never disagree.
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement::whatif {

std::string render_capacity_text(const Scenario& scenario, const Json& capacity);
std::string render_compare_text(const Json& compare);
std::string render_sweep_text(const Json& sweep);
std::string render_advise_text(const Json& advise);

// "a100-1 GPUs [0,1] + a100-2": a placement object {worker_name, gpu_indexes, subordinate_workers?}.
std::string placement_text(const Json& placement);
// "0: 72.00 GiB, 1: 72.00 GiB" for a claim's vram map.
std::string vram_text(const Json& claim);

}  // namespace placement::whatif
