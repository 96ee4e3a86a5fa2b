// Capacity: how many replicas of the model fit. Schedule one replica, deploy the winner as a
// running instance (deploy.h), repeat until no candidate or the limit. Each round is a full
// decision by the scheduler, so the count and every placement are what GPUStack would do when
// asked for replica after replica.
#pragma once

#include <string>
#include <vector>

#include "scheduler.h"

namespace placement::whatif {

inline constexpr int kDefaultCapacityLimit = 256;

struct CapacityResult {
  std::vector<Candidate> replicas;  // in deployment order
  std::vector<std::string> strategies;  // the fit strategy of each replica
  bool stopped_by_limit = false;
  Json next_failure;  // failure_json of the round that found nothing; null when stopped by the limit
};

// `explain_failure` false leaves next_failure null: the round that found nothing is not turned
// into a failure line (which renders that round's whole trace), for callers that only ask whether
// and where it fits.
CapacityResult capacity(const Scenario& scenario, int limit, bool explain_failure = true);

// {"count", "replicas": [{worker_id, worker_name, gpu_indexes, computed_resource_claim,
//  subordinate_workers}], "stopped_by": "no_candidate" | "limit", "next_failure"}
Json capacity_to_json(const CapacityResult& result);

}  // namespace placement::whatif
