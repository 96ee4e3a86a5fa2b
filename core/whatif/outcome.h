// One what-if trial: a scenario document decided by the scheduler, and the pieces of the answer
// the what-if commands report (where the winner goes, its claim per GPU, why nothing fits).
#pragma once

#include <optional>
#include <string>

#include "scheduler.h"

namespace placement::whatif {

struct Outcome {
  bool fits = false;
  std::optional<Candidate> winner;  // the first (or only) replica's placement
  std::string strategy;
  Json failure;        // failure_json when it does not fit
  int replicas = 0;    // replicas placed (capacity up to the asked count)
  int scheduler_runs = 0;
};

// Decides `document` (loaded as a scenario; bad input throws InputError). `replicas` > 1 asks
// whether that many fit, deploying replica after replica (capacity.h) up to that count.
Outcome decide(const Json& document, int replicas = 1);
Outcome decide(const Scenario& scenario, int replicas = 1);
// The same decision for a search that reads only `fits` and `winner`: `failure` stays null (no
// failed round's trace is rendered).
Outcome decide_fit(const Scenario& scenario, int replicas = 1);

// {worker_id, worker_name, gpu_indexes, subordinate_workers: [{worker_id, worker_name, gpu_indexes}]}
Json placement_json(const Candidate& c);
// [{worker_id, worker_name, gpu_index, vram}] for the main worker's and every subordinate's GPUs.
Json claim_per_gpu_json(const Candidate& c);

}  // namespace placement::whatif
