#include "scorers/status_scorer.h"

namespace placement {

double status_score(const ModelInstance& inst, const WorkerLookup& workers, double max_score, StatusItem& item) {
  item.instance_state = inst.state;
  const Worker* w = workers.find(inst.worker_id);
  if (w) item.worker_state = w->state;
  double score = 0;
  if (!inst.worker_id) {
    item.rule = status_rule::kNoWorker;
  } else if (!w) {
    item.rule = status_rule::kUnknownWorker;
  } else if (w->state == "not_ready") {
    // Only not_ready zeroes the score: unreachable or maintenance workers fall to the half score.
    item.rule = status_rule::kWorkerNotReady;
  } else if (inst.state == "error") {
    item.rule = status_rule::kInstanceError;
  } else if (w->state == "ready" && inst.state == "running") {
    item.rule = status_rule::kReadyAndRunning;
    score = max_score;
  } else {
    item.rule = status_rule::kOther;
    score = max_score * 0.5;
  }
  item.score = score;
  return score;
}

void StatusItem::write(JsonOut& out) const {
  out.member("instance_state", instance_state);
  out.key("worker_state");
  if (worker_state) out.string(*worker_state);
  else out.null();
  out.member("rule", rule);
  out.member("score", score);
}

}  // namespace placement
