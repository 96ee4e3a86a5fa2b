#include "app/deploy_until_full.h"

#include <exception>

#include "app/deploy.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

namespace placement::ui {

FillOutcome deploy_until_full(const Json& scenario, int cap) {
  FillOutcome out;
  out.document = scenario;
  try {
    while (true) {
      const ScheduleResult r = schedule(load_scenario(out.document));
      if (!r.selected) return out;
      if (out.deployed == cap) {
        out.capped = true;
        return out;
      }
      out.document = deploy_replica(out.document, candidate_to_json(r.candidates[*r.selected]));
      ++out.deployed;
    }
  } catch (const std::exception& e) {
    out.error = e.what();
  }
  return out;
}

}  // namespace placement::ui
