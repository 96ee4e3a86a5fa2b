// Scenario JSON → validated Scenario (scenario.md). Unknown fields are ignored; missing optional
// fields take GPUStack's defaults; every error is an InputError naming the JSON Pointer of the
// bad value. Nothing is half-applied: the caller gets a whole Scenario or an exception.
#pragma once

#include <string>
#include <string_view>

#include "scenario/types.h"

namespace placement {

Scenario load_scenario(const Json& document);
Scenario load_scenario_text(std::string_view text);  // parse errors name the byte offset
Json parse_scenario_document(const std::string& text);  // the JSON alone, same errors

// Individual objects, for callers that paste GPUStack API objects (the browser explorer).
Worker load_worker(const Json& value, const std::string& pointer);
Model load_model(const Json& value, const std::string& pointer);
ModelInstance load_instance(const Json& value, const std::string& pointer);
ResourceClaim load_claim(const Json& value, const std::string& pointer);
Candidate load_candidate(const Json& value, const std::string& pointer);

// GPU ids of gpu_selector: "<worker name>:<type>:<index>" (index = trailing digits, type = the
// text between the last two colons, name = the rest).
struct GpuId {
  std::string worker_name;
  std::string type;
  int index = 0;
};
std::optional<GpuId> parse_gpu_id(const std::string& id);

}  // namespace placement
