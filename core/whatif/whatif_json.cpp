#include "whatif/whatif_json.h"

#include "result_writer.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"
#include "whatif/advise/advise.h"
#include "whatif/capacity.h"
#include "whatif/compare.h"
#include "whatif/deploy.h"
#include "whatif/sweep.h"

namespace placement::whatif {

namespace {
// Runs `answer` (a Json) and prints it as the CLI does; bad input as schedule_json reports it.
template <class Answer>
std::string respond(Answer answer) {
  try {
    return result_text(answer());
  } catch (const InputError& e) {
    return input_error_json(e);
  }
}
}  // namespace

std::string capacity_json(const std::string& text, int limit) {
  return respond([&] { return capacity_to_json(capacity(load_scenario_text(text), limit)); });
}

std::string advise_json(const std::string& text, int replicas) {
  return respond([&] { return advise(parse_scenario_document(text), replicas); });
}

std::string compare_json(const std::string& a_text, const std::string& b_text) {
  return respond([&] { return compare(schedule(load_scenario_text(a_text)), schedule(load_scenario_text(b_text))); });
}

std::string sweep_json(const std::string& text, const std::string& spec) {
  return respond([&] {
    const Json doc = parse_scenario_document(text);
    load_scenario(doc);  // bad input in the scenario itself is reported before any value is tried
    return sweep(doc, parse_sweep_spec(spec));
  });
}

DeployedReplicas deploy_replicas(const Json& document, int limit) {
  Scenario scenario = load_scenario(document);
  const CapacityResult placed = capacity(scenario, limit);
  DeployedReplicas out;
  out.document = document;
  if (!out.document.contains("model_instances") || !out.document["model_instances"].is_array()) out.document["model_instances"] = Json::array();
  for (const Candidate& winner : placed.replicas) {
    out.document["model_instances"].push_back(deployed_instance_json(scenario, winner));
    deploy(scenario, winner);
  }
  out.deployed = static_cast<int>(placed.replicas.size());
  out.stopped_by_limit = placed.stopped_by_limit;
  return out;
}

}  // namespace placement::whatif
