#include "scheduler.h"

#include "schedule_rounds.h"
#include "trace/pick_record.h"

namespace placement {

// The stages are in schedule_rounds.cpp: a single decision is the first round.
ScheduleResult schedule(const Scenario& scenario) { return ScheduleRounds(scenario).decide(); }

ScaleDownResult scale_down(const Scenario& scenario) {
  ScaleDownResult r;
  for (const auto& w : scenario.warnings) r.trace.warning(w);
  r.ranking = rank_scale_down(scenario, r.trace);
  const int keep = scenario.scale_down ? scenario.scale_down->replicas : scenario.model.replicas;
  const long long count = static_cast<long long>(r.ranking.size());
  for (long long i = 0; i < count - keep; ++i) r.to_delete.push_back(r.ranking[static_cast<std::size_t>(i)].instance_id);
  r.trace.set_pick(std::make_shared<ScaleDownPick>(keep, count, r.to_delete));
  r.trace.finish();
  return r;
}

}  // namespace placement
