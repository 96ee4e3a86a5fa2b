#include "whatif/outcome.h"

#include "scenario/scenario_loader.h"
#include "whatif/capacity.h"
#include "whatif/failure.h"

namespace placement::whatif {

namespace {
Outcome outcome_of(const CapacityResult& cap, int replicas) {
  Outcome o;
  o.replicas = static_cast<int>(cap.replicas.size());
  o.scheduler_runs = o.replicas + (cap.stopped_by_limit ? 0 : 1);
  o.fits = o.replicas >= std::max(replicas, 1);
  if (!cap.replicas.empty()) {
    o.winner = cap.replicas.front();
    o.strategy = cap.strategies.front();
  }
  if (!o.fits) o.failure = cap.next_failure;
  return o;
}
}  // namespace

Outcome decide(const Scenario& scenario, int replicas) { return outcome_of(capacity(scenario, std::max(replicas, 1)), replicas); }

Outcome decide_fit(const Scenario& scenario, int replicas) { return outcome_of(capacity(scenario, std::max(replicas, 1), false), replicas); }

Outcome decide(const Json& document, int replicas) { return decide(load_scenario(document), replicas); }

namespace {
Json indexes(const std::optional<std::vector<int>>& v) { return v ? Json(*v) : Json(nullptr); }

void add_gpu_claims(Json& out, const std::optional<std::int64_t>& worker_id, const std::string& worker_name,
                    const std::optional<ResourceClaim>& claim) {
  if (!claim) return;
  for (const auto& [index, bytes] : claim->vram)
    out.push_back(Json{{"worker_id", worker_id ? Json(*worker_id) : Json(nullptr)}, {"worker_name", worker_name}, {"gpu_index", index}, {"vram", bytes}});
}
}  // namespace

Json placement_json(const Candidate& c) {
  Json subs = Json::array();
  for (const SubordinateWorker& s : c.subordinate_workers)
    subs.push_back(Json{{"worker_id", s.worker_id ? Json(*s.worker_id) : Json(nullptr)}, {"worker_name", s.worker_name}, {"gpu_indexes", indexes(s.gpu_indexes)}});
  return Json{{"worker_id", c.worker_id}, {"worker_name", c.worker_name}, {"gpu_indexes", indexes(c.gpu_indexes)}, {"subordinate_workers", subs}};
}

Json claim_per_gpu_json(const Candidate& c) {
  Json out = Json::array();
  add_gpu_claims(out, c.worker_id, c.worker_name, c.claim);
  for (const SubordinateWorker& s : c.subordinate_workers) add_gpu_claims(out, s.worker_id, s.worker_name, s.claim);
  return out;
}

}  // namespace placement::whatif
