#include "scorers/status_scorer.h"

namespace placement {

double status_score(const ModelInstance& inst, const WorkerLookup& workers, double max_score, Json& rec) {
  rec["instance_state"] = inst.state;
  const Worker* w = workers.find(inst.worker_id);
  rec["worker_state"] = w ? Json(w->state) : Json(nullptr);
  double score = 0;
  std::string rule;
  if (!inst.worker_id) {
    rule = "no_worker";
  } else if (!w) {
    rule = "unknown_worker";
  } else if (w->state == "not_ready") {
    // Only not_ready zeroes the score: unreachable or maintenance workers fall to the half score.
    rule = "worker_not_ready";
  } else if (inst.state == "error") {
    rule = "instance_error";
  } else if (w->state == "ready" && inst.state == "running") {
    rule = "ready_and_running";
    score = max_score;
  } else {
    rule = "other";
    score = max_score * 0.5;
  }
  rec["rule"] = rule;
  rec["score"] = score;
  return score;
}

}  // namespace placement
