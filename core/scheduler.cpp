#include "scheduler.h"

#include <set>

#include "filters/registry.h"
#include "fit/common/shared_rules.h"
#include "fit/gguf/estimate_provider.h"
#include "fit/registry.h"
#include "models/model_facts_resolver.h"
#include "resources/allocatable.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement {

namespace {

long long largest_power_of_two_at_most(long long n) {
  if (n < 1) return 0;
  long long p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

bool gguf_estimate_distributable(const Scenario& s) {
  for (const auto& e : s.estimates.gguf_parser) {
    const Json& est = e.estimate.contains("estimate") ? e.estimate["estimate"] : e.estimate;
    if (est.is_object() && est.contains("distributable") && est["distributable"].is_boolean() && est["distributable"].get<bool>())
      return true;
  }
  if (s.estimates.gguf_profile && s.estimates.gguf_profile->contains("distributable")) {
    const Json& d = (*s.estimates.gguf_profile)["distributable"];
    if (d.is_boolean() && d.get<bool>()) return true;
  }
  return false;
}

// §0 step 1: what GPUStack's evaluation fills in before an instance is queued.
void apply_evaluation(Model& model, const Scenario& s, const BackendParameters& params, Trace& trace) {
  Json& ev = trace.evaluation();
  if (s.skip_evaluation) {
    ev["status"] = "skipped";
    ev["why"] = "skip_evaluation is set: the model is taken as given";
    return;
  }
  ev["status"] = "applied";
  ev["changes"] = Json::array();
  const auto* ids = gpu_ids(model);
  // E1: gpus_per_replica from the selected GPUs.
  if (ids && !gpus_per_replica(model)) {
    const std::string backend = effective_backend(model);
    long long n = static_cast<long long>(ids->size()) / std::max(model.replicas, 1);
    std::optional<long long> fill;
    std::string why;
    if (backend == "VoxBox") {
      fill = 1, why = "VoxBox runs on one GPU";
    } else if (skip_gpu_count_check(model)) {
      fill = n, why = "GPUSTACK_SKIP_GPU_COUNT_CHECK: selected GPUs per replica";
    } else {
      long long world = 0;
      bool world_error = false;
      if (backend == "vLLM" || backend == "SGLang" || backend == "MindIE") {
        try {
          world = backend == "vLLM" ? vllm_world_size(model, params)
                  : backend == "SGLang" ? sglang_world_size(model, params)
                                        : mindie_world_size(model, params);
        } catch (const ReferenceError&) {
          world_error = true;
        }
      }
      if (world_error) {
        why = "the parallel sizes are invalid: gpus_per_replica left empty";
      } else if (world > 0) {
        fill = world, why = "the parameter world size";
      } else {
        fill = largest_power_of_two_at_most(n), why = "largest power of two <= selected GPUs / replicas";
      }
    }
    if (fill) {
      if (!model.gpu_selector) model.gpu_selector = GpuSelector{};
      model.gpu_selector->gpus_per_replica = static_cast<int>(*fill);
      ev["changes"].push_back(Json{{"id", "E1"}, {"field", "gpu_selector.gpus_per_replica"}, {"value", *fill}, {"why", why}});
    } else {
      ev["changes"].push_back(Json{{"id", "E1"}, {"field", "gpu_selector.gpus_per_replica"}, {"value", nullptr}, {"why", why}});
    }
  }
  // E2: GGUF distributability, and distributed mode when ids span several workers.
  if (is_gguf(model)) {
    bool distributable = model.distributable || gguf_estimate_distributable(s);
    if (distributable != model.distributable) {
      model.distributable = distributable;
      ev["changes"].push_back(Json{{"id", "E2"}, {"field", "distributable"}, {"value", true}, {"why", "the estimate says the model is distributable"}});
    }
    if (ids) {
      std::set<std::string> workers;
      for (const auto& id : *ids)
        if (auto g = parse_gpu_id(id)) workers.insert(g->worker_name);
      if (workers.size() > 1) {
        if (!distributable)
          throw ReferenceError("evaluation", "the selected GPUs span several workers but the model is not distributable",
                               Json{{"workers", Json(std::vector<std::string>(workers.begin(), workers.end()))}});
        model.distributed_inference_across_workers = true;
        ev["changes"].push_back(Json{{"id", "E2"}, {"field", "distributed_inference_across_workers"}, {"value", true},
                                     {"why", "the selected GPUs span several workers"}});
      }
    }
  }
}

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
