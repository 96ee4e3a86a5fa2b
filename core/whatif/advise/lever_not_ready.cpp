// A worker that is not ready (not_ready, unreachable, maintenance, ...) but would take the model
// if it were: one suggestion per such worker the scheduler confirms, in worker order.
#include "whatif/advise/levers.h"

namespace placement::whatif {

namespace {
constexpr std::size_t kMaxWorkersTried = 32;
}

void lever_not_ready_workers(Search& s) {
  const std::vector<Worker>& workers = s.scenario().workers;
  std::size_t tried = 0;
  for (std::size_t i = 0; i < workers.size() && !s.exhausted(); ++i) {
    if (workers[i].state == "ready") continue;
    if (++tried > kMaxWorkersTried) {
      s.cap("not_ready_workers", kMaxWorkersTried, "later not-ready workers were not tried");
      return;
    }
    const Json patch = Json::array({{{"op", "replace"}, {"path", "/workers/" + std::to_string(i) + "/state"}, {"value", "ready"}}});
    if (auto w = s.fits(patch))
      s.suggest("not_ready_worker", "bring worker " + workers[i].name + " back to ready (now " + workers[i].state + ")", patch, *w,
                CostClass::cluster, 1);
  }
}

}  // namespace placement::whatif
