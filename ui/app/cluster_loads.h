// Memory claims per worker as the cluster canvas draws them: each existing instance's claim (main
// and subordinate workers) and the inspected candidate's, per GPU index and RAM. The numbers are
// the loader's reading of the scenario and the core's candidates as given; nothing here computes
// placement.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::ui {

struct ClaimSegment {
  double bytes = 0;
  std::uint32_t colour = 0;  // ImU32
  std::string who;
};

// Claims on one worker: per GPU index, and RAM.
struct WorkerLoad {
  std::map<int, std::vector<ClaimSegment>> vram;
  std::vector<ClaimSegment> ram;
  std::set<int> marked;  // GPUs a what-if preview would take (outlined on the canvas)
};

// Existing instances' claims (the typed Scenario's model_instances), keyed by worker id.
std::map<std::int64_t, WorkerLoad> existing_loads(const Scenario& scenario);
// A candidate's claims (main and subordinate workers), keyed by worker name.
std::map<std::string, WorkerLoad> candidate_loads(const Candidate& candidate);
// A what-if preview (whatif_model.h): each placement's GPUs marked and, when it has one, its claim
// (read as the loader reads a claim) added — main and subordinate workers, keyed by worker name.
std::map<std::string, WorkerLoad> preview_loads(const Json& placements);

}  // namespace placement::ui
