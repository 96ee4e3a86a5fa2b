// Sweep (fit frontier): one setting over a list of values, each decided by the scheduler — does it
// fit, with which strategy, where, and the claim per GPU; the way gguf-parser prints a row per
// GPU-layer count, but every row is a real decision.
//
// The setting is a JSON Pointer into the scenario ("/workers/0/status/gpu_devices/0/memory/total"),
// a backend parameter ("--gpu-memory-utilization"), or "replicas" (do K replicas fit).
#pragma once

#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::whatif {

struct SweepSpec {
  std::string setting;
  std::vector<std::string> values;  // as written; a pointer's value is parsed as JSON when it is JSON
};

// "SETTING=V1,V2,..." (commas inside brackets or quotes do not split). InputError on a malformed spec.
SweepSpec parse_sweep_spec(const std::string& text);

// The patch that applies one value of the spec to `document` ("replicas" needs none: empty array).
Json sweep_patch(const Json& document, const std::string& setting, const std::string& value);

// {"setting", "rows": [{"value", "patch", "fits", "strategy", "placement", "claim_per_gpu",
//  "replicas"?, "why_not"}]}
Json sweep(const Json& document, const SweepSpec& spec);

}  // namespace placement::whatif
