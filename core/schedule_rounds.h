// Scale-up decisions of one scenario, round after round, as replicas are deployed between them
// (capacity, whatif/capacity.h). Each round's result is exactly schedule() of the scenario with
// the instances deployed so far, trace included; what running instances cannot change is worked
// out once: the model facts, the evaluation side effects and the base filters (none of them
// reads model_instances, scheduler-rules.md §0-§2), kept with their part of the trace; the
// allocation index grows by the deployed instance instead of being rebuilt.
#pragma once

#include <optional>
#include <vector>

#include "models/model_facts_resolver.h"
#include "resources/allocatable.h"
#include "scenario/backend_parameters.h"
#include "scheduler.h"

namespace placement {

class GgufEstimateMemo;  // fit/gguf/estimate_memo.h

class ScheduleRounds {
 public:
  // `scenario` must outlive the rounds; it is copied only when an instance is first deployed
  // (or the model-facts stage fills its estimates, as schedule() does). Throws what schedule() would.
  explicit ScheduleRounds(const Scenario& scenario);
  ScheduleRounds(const ScheduleRounds&) = delete;  // holds pointers into its own scenario
  ScheduleRounds& operator=(const ScheduleRounds&) = delete;

  // schedule() of the current scenario (the one given plus every deployed instance). A GGUF fit
  // takes the estimator's answers `gguf_estimates` holds and records the ones it computes
  // (fit/gguf/estimate_memo.h); the result is the same with or without it.
  ScheduleResult decide(GgufEstimateMemo* gguf_estimates = nullptr) const;

  // Appends `instance` to the scenario's model_instances (as the loader read it).
  void deploy(ModelInstance instance);

  // The current scenario; its estimates are the filled ones when the model-facts stage filled any.
  const Scenario& scenario() const { return own_ ? *own_ : *given_; }

 private:
  void prepare();  // the stages before the fit, on scenario()
  ScheduleResult fit_and_score(GgufEstimateMemo* gguf_estimates) const;

  const Scenario* given_;
  std::optional<Scenario> own_;
  ResolvedFacts facts_;
  Model model_;  // after the evaluation side effects
  BackendParameters params_;
  Trace prefix_;  // warnings, evaluation and filter records: every round's trace starts with it
  std::optional<ScheduleResult> settled_;  // decided before the fit (an error, no workers, no survivors)
  std::vector<const Worker*> survivors_;   // into scenario().workers
  std::optional<AllocationIndex> allocation_;  // grown by each deploy
};

}  // namespace placement
