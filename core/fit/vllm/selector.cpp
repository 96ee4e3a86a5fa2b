// The vLLM resource-fit selector (scheduler-rules.md §3.3): read the model's sizes once, then run
// manual → single GPU → single-worker multi-GPU → multi-worker; the first strategy with
// candidates wins. GPUStack's explanation (§6.9) is kept only when nothing fits or the manual
// choice overcommits.
#include "fit/common/manual_selection.h"
#include "fit/common/shared_rules.h"
#include "fit/registry.h"
#include "fit/vllm/requirement_record.h"
#include "fit/vllm/vllm_fit.h"
#include "scenario/errors.h"

namespace placement {

namespace {

DataFields vram_source(const Scenario& scenario, const Model& model) {
  if (env_vram_claim(model)) return DataFields{{"source", "env"}, {"env", "GPUSTACK_MODEL_VRAM_CLAIM"}};
  DataFields v{{"source", "weights"}, {"weights_bytes", scenario.estimates.weights_bytes.value_or(0)}};
  if (has_category(model, "image")) {
    v.set({"formula", "weights"});
  } else {
    v.set({"formula", "int(weights x factor) + overhead"});
    v.set({"factor", has_category(model, "text_to_speech") ? 3.0 : 1.2});
    v.set({"overhead", is_llm(model) ? 2 * kGiB : 512 * kMiB});
  }
  return v;
}

void record_requirement(const VllmFit& fit) {
  const FitContext& ctx = fit.ctx;
  ctx.trace.set_requirement(
      std::make_shared<VllmRequirement>(vram_source(ctx.scenario, ctx.model), fit.s, fit.hp, gpu_ids(ctx.model) != nullptr));
}

using Runner = std::vector<Candidate> (*)(VllmFit&, StrategyRecorder&);

struct AutoStrategy {
  const char* id;
  Runner run;
};

// The strategy-specific reason GPUStack does not run it (empty = it runs).
std::optional<std::pair<std::string, DataFields>> own_skip(const VllmFit& fit, const std::string& id) {
  if (id == "single_gpu" && fit.s.gpu_count > 1) return std::pair{std::string("gpu_count_gt_1"), DataFields{{"gpu_count", fit.s.gpu_count}}};
  if (id == "single_worker_multi_gpu" && fit.s.gpu_count == 1) return std::pair{std::string("gpu_count_eq_1"), DataFields{{"gpu_count", 1}}};
  if (id == "multi_worker" && !fit.s.distributed)
    return std::pair{std::string("distributed_disabled"), DataFields{{"distributed_inference_across_workers", false}}};
  return std::nullopt;
}

// §6.9: keep GPUStack's messages only where it shows them, and apply its replacement rule (Q22).
void finish_messages(VllmFit& fit, SelectorMessages& messages, const std::vector<Candidate>& found, const ManualOutcome& manual) {
  Trace& trace = fit.ctx.trace;
  const bool overcommit = !found.empty() && found.front().overcommit.value_or(false);
  if (!found.empty() && !overcommit) {
    messages.clear();
    return;
  }
  if (!manual.distributed_limit_worker.empty()) {
    messages.clear();
    messages.add("manual", "distributed_limit",
                 DataFields{{"worker", manual.distributed_limit_worker}, {"instance", manual.distributed_limit_instance}});
    trace.quirk("Q22", "vllm explanation",
                "GPUStack shows only the one-distributed-instance notice (worker " + manual.distributed_limit_worker + ", instance " +
                    manual.distributed_limit_instance + ") instead of the requirement and strategy notes");
    return;
  }
  if (!found.empty()) return;  // overcommit: requirement + the manual note, already recorded
  for (const auto* event : {&fit.multi_worker_event, &fit.multi_gpu_event, &fit.single_gpu_event})
    if (*event) {
      messages.add("vllm", (*event)->key, (*event)->values);
      break;
    }
}

// The run, its §6.9 messages collected in `messages`.
FitResult select_vllm(FitContext& ctx, SelectorMessages& messages) {
  const Model& model = ctx.model;
  if (!ctx.scenario.estimates.config)
    throw InputError("/estimates/config", "a vLLM model needs estimates.config (use {} when nothing is known)");
  VllmFit fit(ctx, read_hf_config(ctx.scenario.estimates.config));

  // Selector construction (stage selector_init), then the checks GPUStack makes before fitting.
  fit.s.world = vllm_world(ctx.params);
  fit.s.gpu_count = gpu_count(model, fit.s.world.world, fit.s.world.labels).value_or(0);
  fit.s.executor = resolve_vllm_executor(model, ctx.params);
  validate_vllm_parameters(fit.hp, ctx.params, fit.s.executor.executor);
  fit.s.gmu = resolve_vllm_gmu(model, fit.hp, ctx.params);
  fit.s.vram = estimate_vram(ctx.scenario, model);
  fit.s.ram = ram_need(model);
  fit.s.distributed = distributed_enabled(model);
  record_requirement(fit);

  messages.add("vllm", "requirement", vllm_requirement_values(fit));

  FitResult result;
  ManualOutcome manual;
  const auto* ids = gpu_ids(model);
  ManualOptions options;
  options.selector = "vllm";
  options.gpu_count = fit.s.gpu_count;
  options.utilisation = {{"*", fit.s.gmu.value}};
  options.outcome = &manual;
  std::vector<Candidate> found = select_manual(ctx, ManualRequest{fit.s.vram, fit.s.ram}, options, messages);
  if (!found.empty()) result.strategy = "manual";

  const AutoStrategy strategies[] = {{"single_gpu", run_single_gpu},
                                     {"single_worker_multi_gpu", run_single_worker_multi_gpu},
                                     {"multi_worker", run_multi_worker}};
  for (const auto& strategy : strategies) {
    StrategyRecorder rec("vllm", strategy.id);
    std::size_t produced = 0;
    if (!found.empty()) {
      rec.not_reached();
    } else if (ids) {
      rec.skip("manual_only", DataFields{{"gpu_ids", ids->size()}});
    } else if (auto skip = own_skip(fit, strategy.id)) {
      rec.skip(skip->first, skip->second);
    } else {
      found = strategy.run(fit, rec);
      produced = found.size();
      if (!found.empty()) result.strategy = strategy.id;
    }
    rec.commit(ctx.trace, produced);
  }

  finish_messages(fit, messages, found, manual);
  result.candidates = std::move(found);
  return result;
}

}  // namespace

FitResult select_vllm(FitContext& ctx) {
  return decide_with_messages(ctx.trace, [&](SelectorMessages& messages) { return select_vllm(ctx, messages); });
}

}  // namespace placement
