#include "whatif/capacity.h"

#include "schedule_rounds.h"

#include "whatif/deploy.h"
#include "whatif/failure.h"

namespace placement::whatif {

CapacityResult capacity(const Scenario& scenario, int limit, bool explain_failure) {
  // Capacity asks about scale-up only; a scale-down request in the scenario is not part of it.
  std::optional<Scenario> without_scale_down;
  if (scenario.scale_down) {
    without_scale_down = scenario;
    without_scale_down->scale_down.reset();
  }
  // Each round is schedule() of the scenario with the replicas placed so far (schedule_rounds.h);
  // the scenario is copied at the first deploy, so a search asking about one replica never copies it.
  ScheduleRounds rounds(without_scale_down ? *without_scale_down : scenario);
  CapacityResult out;
  while (static_cast<int>(out.replicas.size()) < limit) {
    ScheduleResult r = rounds.decide();
    if (!r.selected) {
      if (explain_failure) out.next_failure = failure_json(r);
      return out;
    }
    out.replicas.push_back(std::move(r.candidates[*r.selected]));
    out.strategies.push_back(std::move(r.strategy));
    if (static_cast<int>(out.replicas.size()) == limit) break;  // no later round reads the deployed replica
    rounds.deploy(deployed_instance(rounds.scenario(), out.replicas.back()));
  }
  out.stopped_by_limit = true;
  return out;
}

Json capacity_to_json(const CapacityResult& result) {
  Json replicas = Json::array();
  for (std::size_t i = 0; i < result.replicas.size(); ++i) {
    Json j = candidate_to_json(result.replicas[i]);
    replicas.push_back(Json{{"worker_id", j["worker_id"]},
                            {"worker_name", j["worker_name"]},
                            {"gpu_indexes", j["gpu_indexes"]},
                            {"computed_resource_claim", j["computed_resource_claim"]},
                            {"subordinate_workers", j["subordinate_workers"]},
                            {"strategy", result.strategies[i]}});
  }
  return Json{{"count", result.replicas.size()},
              {"replicas", replicas},
              {"stopped_by", result.stopped_by_limit ? "limit" : "no_candidate"},
              {"next_failure", result.next_failure}};
}

}  // namespace placement::whatif
