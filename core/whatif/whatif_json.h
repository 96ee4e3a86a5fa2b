// The what-if commands as one call each, text in and text out, for bindings (wasm) and the
// explorer: the same answers `placement capacity|advise|diff|sweep --json` print, byte for byte.
// Bad input yields {"error": {"pointer", "message"}}, as schedule_json does.
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement::whatif {

std::string capacity_json(const std::string& scenario_text, int limit);
std::string advise_json(const std::string& scenario_text, int replicas);
// `placement diff A B`: a and b are scenario texts.
std::string compare_json(const std::string& a_text, const std::string& b_text);
// `placement sweep FILE --set SPEC`: spec is "SETTING=V1,V2,...".
std::string sweep_json(const std::string& scenario_text, const std::string& spec);

// Deploys up to `limit` replicas where capacity places them, each instance exactly as deploy.h
// defines it (the explorer's "Deploy all" and "Deploy until full"). Throws InputError.
struct DeployedReplicas {
  Json document;      // `document` with the instances appended to model_instances
  int deployed = 0;
  bool stopped_by_limit = false;  // a further replica would still fit
};
DeployedReplicas deploy_replicas(const Json& document, int limit);

}  // namespace placement::whatif
