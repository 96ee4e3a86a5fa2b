#include "scheduler.h"

#include "evaluation/side_effects.h"
#include "filters/registry.h"
#include "fit/gguf/estimate_provider.h"
#include "fit/registry.h"
#include "models/model_facts_resolver.h"
#include "resources/allocatable.h"
#include "scenario/errors.h"

namespace placement {

namespace {

void pick(ScheduleResult& r) {
  Json& p = r.trace.pick();
  if (r.candidates.empty()) {
    p["selected"] = nullptr;
    return;
  }
  std::size_t best = 0;
  std::vector<std::size_t> tied;
  for (std::size_t i = 1; i < r.candidates.size(); ++i) {
    if (r.candidates[i].score > r.candidates[best].score) best = i;  // strictly greater replaces (Q9)
  }
  for (std::size_t i = 0; i < r.candidates.size(); ++i)
    if (i != best && r.candidates[i].score == r.candidates[best].score) tied.push_back(i);
  r.selected = best;
  p["selected"] = best;
  p["score"] = r.candidates[best].score;
  p["worker_name"] = r.candidates[best].worker_name;
  if (!tied.empty()) {
    p["tied_with"] = tied;
    r.trace.quirk("Q9", "pick", "a tie on the total score went to the earliest candidate");
  }
}

void record_reference_error(Trace& t, const ReferenceError& e) {
  t.error("reference_error", e.stage(), e.reason(), e.values());
}

// The pipeline on a scenario whose estimates the model-facts stage has completed.
ScheduleResult run_schedule(const Scenario& scenario, const ResolvedFacts& facts) {
  ScheduleResult r;
  for (const auto& w : scenario.warnings) r.trace.warning(w);
  if (std::string mismatch = estimates_mismatch_text(facts.facts); !mismatch.empty()) r.trace.warning(mismatch);
  Model model = scenario.model;
  BackendParameters params(model.backend_parameters);

  if (scenario.candidates) {
    // Scorer-only extension: score exactly these candidates.
    r.trace.dispatch() = Json{{"selector", "fixed_candidates"}, {"reason", "the scenario lists candidates"}};
    r.candidates = *scenario.candidates;
    try {
      score_scale_up(scenario, model, r.candidates, r.trace);
      pick(r);
    } catch (const ReferenceError& e) {
      r.candidates.clear();
      r.selected.reset();
      record_reference_error(r.trace, e);
    }
    r.trace.finish();
    return r;
  }

  try {
    apply_evaluation(model, scenario, params, r.trace);
  } catch (const ReferenceError& e) {
    record_reference_error(r.trace, e);
    r.trace.finish();
    return r;
  }

  if (scenario.workers.empty()) {
    r.trace.message("no_workers", "no_workers", Json{{"fact", "the cluster has no workers"}});
    r.trace.pick()["selected"] = nullptr;
    r.trace.finish();
    return r;
  }

  std::vector<const Worker*> survivors;
  try {
    survivors = run_base_filters(scenario, model, params, r.trace);
  } catch (const ReferenceError& e) {  // the backend framework filter on an unknown Ascend chip
    record_reference_error(r.trace, e);
  }
  if (survivors.empty()) {
    r.trace.pick()["selected"] = nullptr;
    r.trace.finish();
    return r;
  }

  AllocationIndex allocation(scenario.model_instances);
  SelectorChoice choice = choose_selector(model, params);
  r.trace.dispatch() = Json{{"selector", choice.selector}, {"reason", choice.reason}};
  std::unique_ptr<GgufEstimateProvider> estimates;
  if (choice.selector == "gguf") estimates = make_gguf_estimate_provider(scenario, model, r.trace);
  // A model with no facts at all is refused where the fit would need them (docs/model-facts.md).
  if (facts.refusal && choice.selector != "gguf" && choice.selector != "vgpu") throw InputError("/estimates", *facts.refusal);
  FitContext ctx{scenario, model, survivors, allocation, params, r.trace, estimates.get()};
  try {
    FitResult fit = choice.run(ctx);
    r.candidates = std::move(fit.candidates);
    r.strategy = fit.strategy;
    if (!r.candidates.empty()) score_scale_up(scenario, model, r.candidates, r.trace, allocation);
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

}  // namespace

ScheduleResult schedule(const Scenario& scenario) {
  const ResolvedFacts facts = resolve_model_facts(scenario);
  std::optional<Scenario> filled;
  if (facts.filled) {
    filled = scenario;
    filled->estimates = *facts.filled;
  }
  ScheduleResult r = run_schedule(filled ? *filled : scenario, facts);
  r.trace.requirement()["model_facts"] = model_facts_json(facts.facts);
  return r;
}

ScaleDownResult scale_down(const Scenario& scenario) {
  ScaleDownResult r;
  for (const auto& w : scenario.warnings) r.trace.warning(w);
  r.ranking = rank_scale_down(scenario, r.trace);
  const int keep = scenario.scale_down ? scenario.scale_down->replicas : scenario.model.replicas;
  const long long count = static_cast<long long>(r.ranking.size());
  for (long long i = 0; i < count - keep; ++i) r.to_delete.push_back(r.ranking[static_cast<std::size_t>(i)].instance_id);
  r.trace.pick() = Json{{"keep", keep}, {"instances", count}, {"delete", r.to_delete}};
  r.trace.finish();
  return r;
}

}  // namespace placement
