// The pipeline of schedule() (scheduler-rules.md §0), split where running instances start to
// matter: facts, evaluation and base filters once; dispatch, fit, scoring and pick per round.
#include "schedule_rounds.h"

#include "evaluation/side_effects.h"
#include "filters/registry.h"
#include "fit/gguf/estimate_provider.h"
#include "fit/registry.h"
#include "scenario/errors.h"
#include "trace/pick_record.h"

namespace placement {

namespace {

void pick(ScheduleResult& r) {
  auto record = std::make_shared<ScaleUpPick>();
  r.trace.set_pick(record);
  if (r.candidates.empty()) return record->none();
  std::size_t best = 0;
  std::vector<std::size_t> tied;
  for (std::size_t i = 1; i < r.candidates.size(); ++i) {
    if (r.candidates[i].score > r.candidates[best].score) best = i;  // strictly greater replaces (Q9)
  }
  for (std::size_t i = 0; i < r.candidates.size(); ++i)
    if (i != best && r.candidates[i].score == r.candidates[best].score) tied.push_back(i);
  r.selected = best;
  const bool tie = !tied.empty();
  record->picked(best, r.candidates[best].score, r.candidates[best].worker_name, std::move(tied));
  if (tie) r.trace.quirk("Q9", "pick", "a tie on the total score went to the earliest candidate");
}

void record_reference_error(Trace& t, const ReferenceError& e) {
  t.error("reference_error", e.stage(), e.reason(), e.trace_values());
}

}  // namespace

ScheduleRounds::ScheduleRounds(const Scenario& scenario)
    : given_(&scenario), facts_(resolve_model_facts(scenario)), params_(std::vector<std::string>{}) {
  if (facts_.filled) {
    own_ = scenario;
    own_->estimates = *facts_.filled;
  }
  prepare();
}

void ScheduleRounds::prepare() {
  const Scenario& s = scenario();
  prefix_ = Trace();
  settled_.reset();
  survivors_.clear();
  allocation_.reset();
  for (const auto& w : s.warnings) prefix_.warning(w);
  if (std::string mismatch = estimates_mismatch_text(facts_.facts); !mismatch.empty()) prefix_.warning(mismatch);
  model_ = s.model;
  params_ = BackendParameters(model_.backend_parameters);
  if (s.candidates) return;  // scored per round: the scorers read the running instances

  // An outcome reached here does not depend on running instances: it is every round's. An
  // evaluation error ends the run before the pick, so its trace has no pick record.
  auto settle = [&](bool picked_nothing = true) {
    ScheduleResult r;
    r.trace = std::move(prefix_);
    if (picked_nothing) {
      auto nothing = std::make_shared<ScaleUpPick>();
      nothing->none();
      r.trace.set_pick(std::move(nothing));
    }
    r.trace.finish();
    r.trace.set_model_facts(model_facts_json(facts_.facts));
    settled_ = std::move(r);
  };
  try {
    apply_evaluation(model_, s, params_, prefix_);
  } catch (const ReferenceError& e) {
    record_reference_error(prefix_, e);
    settle(false);
    return;
  }
  if (s.workers.empty()) {
    prefix_.message("no_workers", "no_workers", DataFields{{"fact", "the cluster has no workers"}});
    settle();
    return;
  }
  try {
    survivors_ = run_base_filters(s, model_, params_, prefix_);
  } catch (const ReferenceError& e) {  // the backend framework filter on an unknown Ascend chip
    record_reference_error(prefix_, e);
  }
  if (survivors_.empty()) {
    settle();
    return;
  }
  allocation_.emplace(s.model_instances);
}

ScheduleResult ScheduleRounds::decide(GgufEstimateMemo* gguf_estimates) const {
  if (settled_) return *settled_;
  ScheduleResult r = fit_and_score(gguf_estimates);
  r.trace.set_model_facts(model_facts_json(facts_.facts));
  return r;
}

ScheduleResult ScheduleRounds::fit_and_score(GgufEstimateMemo* gguf_estimates) const {
  const Scenario& s = scenario();
  ScheduleResult r;
  r.trace = prefix_;
  if (s.candidates) {
    // Scorer-only extension: score exactly these candidates.
    r.trace.set_dispatch("fixed_candidates", "the scenario lists candidates");
    r.candidates = *s.candidates;
    try {
      score_scale_up(s, model_, r.candidates, r.trace);
      pick(r);
    } catch (const ReferenceError& e) {
      r.candidates.clear();
      r.selected.reset();
      record_reference_error(r.trace, e);
    }
    r.trace.finish();
    return r;
  }

  SelectorChoice choice = choose_selector(model_, params_);
  r.trace.set_dispatch(choice.selector, choice.reason);
  std::unique_ptr<GgufEstimateProvider> estimates;
  if (choice.selector == "gguf") estimates = make_gguf_estimate_provider(s, model_, r.trace, gguf_estimates);
  // A model with no facts at all is refused where the fit would need them (docs/model-facts.md).
  if (facts_.refusal && choice.selector != "gguf" && choice.selector != "vgpu") throw InputError("/estimates", *facts_.refusal);
  FitContext ctx{s, model_, survivors_, *allocation_, params_, r.trace, estimates.get()};
  try {
    FitResult fit = choice.run(ctx);
    r.candidates = std::move(fit.candidates);
    r.strategy = fit.strategy;
    if (!r.candidates.empty()) score_scale_up(s, model_, r.candidates, r.trace, *allocation_);
    pick(r);
  } catch (const ReferenceError& e) {
    r.candidates.clear();
    r.selected.reset();
    r.strategy.clear();
    record_reference_error(r.trace, e);
  }
  r.trace.finish();
  return r;
}

void ScheduleRounds::deploy(ModelInstance instance) {
  if (!own_) {
    own_ = *given_;
    own_->model_instances.push_back(std::move(instance));
    prepare();  // the survivors and the index point into the copy now
    return;
  }
  std::vector<ModelInstance>& instances = own_->model_instances;
  const ModelInstance* before = instances.data();
  instances.push_back(std::move(instance));
  if (!allocation_) return;
  // The index points at the instances: a grown vector has moved them all.
  if (instances.data() == before) allocation_->add(instances.back());
  else allocation_.emplace(instances);
}

}  // namespace placement
