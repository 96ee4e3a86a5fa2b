// The SGLang resource-fit selector (scheduler-rules.md §3.4, "vLLM except"): parameters and their
// validation, u per GPU type, then manual ids alone or single GPU → single worker multi GPU →
// multi worker, the first strategy with candidates winning.
#include <string_view>

#include "fit/common/manual_selection.h"
#include "fit/common/shared_rules.h"
#include "fit/common/strategy_record.h"
#include "fit/registry.h"
#include "fit/sglang/messages.h"
#include "fit/sglang/python_numbers.h"
#include "fit/sglang/requirement_record.h"
#include "fit/sglang/strategies.h"
#include "fit/sglang/utilisation.h"
#include "scenario/errors.h"

namespace placement {

namespace {

constexpr const char* kSelector = "sglang";

// An image model's estimate reads GPUSTACK_MODEL_VRAM_CLAIM with a bare int(): a value that is
// not an integer makes GPUStack fail where the text-model estimate would ignore it.
void check_diffusion_env_claim(const Model& model) {
  const std::string* v = find_value(model.env, "GPUSTACK_MODEL_VRAM_CLAIM");
  if (v && !python_int(*v))
    throw ReferenceError("fit", "GPUSTACK_MODEL_VRAM_CLAIM '" + *v + "' is not an integer: GPUStack's image-model estimate fails on it",
                         DataFields{{"env", "GPUSTACK_MODEL_VRAM_CLAIM"}, {"value", *v}});
}

std::string vram_source(const Model& model) {
  if (env_vram_claim(model)) return "env GPUSTACK_MODEL_VRAM_CLAIM";
  if (has_category(model, "image")) return "weights (image model)";
  return "weights × factor + overhead";
}

// Q30: GPUStack reads these two flags through find_parameter, which ignores a bare flag.
void mark_bare_flags(SglangRun& run, bool calculator_ran) {
  const SglangParameters& p = run.params;
  if (p.mixed_chunk_bare && (p.pp > 1 || p.speculative_algorithm))
    run.ctx.trace.quirk("Q30", "sglang.parameters:enable-mixed-chunk",
                        "a bare --enable-mixed-chunk is read as off, so its conflict with pp > 1 / speculative decoding is not raised");
  if (p.piecewise_cuda_graph_bare && calculator_ran && python_floor_div(p.piecewise_cuda_graph_max_tokens, 4) != 0)
    run.ctx.trace.quirk("Q30", "sglang.calculator:enable-piecewise-cuda-graph",
                        "a bare --enable-piecewise-cuda-graph is read as off: the piecewise CUDA-graph reserve is not counted");
}

StrategyRecord sglang_record(const std::string& strategy, const std::string& status) {
  return StrategyRecord(kSelector, strategy, status, StrategyRecord::SkipField::only_when_skipped);
}

void record_skip(Trace& trace, const std::string& strategy, const std::string& code, DataFields data = {}) {
  StrategyRecord rec = sglang_record(strategy, "skipped");
  rec.skip(code, std::move(data));
  commit_strategy(trace, std::move(rec));
}

// GPUStack's _set_messages keeps a one-distributed-instance notice, if the manual routine set
// one, as the whole explanation (Q22): the last notice replaces requirement and events.
bool keep_only_distributed_notice(Trace& trace, SelectorMessages& messages) {
  const SelectorMessage* found = messages.last("manual", "distributed_limit");
  if (!found) return false;
  SelectorMessage notice = *found;
  messages.clear();
  messages.add(std::move(notice.source), std::move(notice.key), std::move(notice.values));
  trace.quirk("Q22", "sglang.messages", "the one-distributed-instance notice replaces the SGLang explanation");
  return true;
}

FitResult run_manual(SglangRun& run, SelectorMessages& messages) {
  Trace& trace = run.ctx.trace;
  const std::vector<const Worker*> workers = run.pool.const_list();
  FitContext manual_ctx{run.ctx.scenario, run.ctx.model, workers, run.ctx.allocation, run.ctx.params, trace, nullptr};
  ManualRequest request;
  request.vram = run.diffusion ? run.vram * run.gpu_count.value_or(0) : run.vram;
  request.ram = run.ram;
  ManualOptions options;
  options.selector = kSelector;
  options.gpu_count = run.gpu_count.value_or(0);
  options.utilisation = manual_utilisation(run);
  options.allow_multi_worker = true;
  FitResult result;
  result.candidates = select_manual(manual_ctx, request, options, messages);
  if (!result.candidates.empty()) result.strategy = "manual";
  for (const char* s : {"single_gpu", "single_worker_multi_gpu", "multi_worker"}) record_skip(trace, s, "manual_only");
  const bool overcommitted = result.candidates.size() == 1 && result.candidates.front().overcommit.value_or(false);
  // GPUStack explains only when nothing (or one overcommitted candidate) came out.
  if ((result.candidates.empty() || overcommitted) && !keep_only_distributed_notice(trace, messages))
    messages.insert(0, SelectorMessage{kSelector, "requirement", requirement_message_values(run)});
  return result;
}

using StrategyFunction = std::vector<Candidate> (*)(SglangRun&, StrategyRecord&);

FitResult run_auto(SglangRun& run, SelectorMessages& messages) {
  Trace& trace = run.ctx.trace;
  record_skip(trace, "manual", "no_gpu_ids");
  const struct {
    const char* id;
    StrategyFunction run;
  } strategies[] = {
      {"single_gpu", sglang_single_gpu},
      {"single_worker_multi_gpu", sglang_single_worker_multi_gpu},
      {"multi_worker", sglang_multi_worker},
  };
  FitResult result;
  for (const auto& s : strategies) {
    const std::string id = s.id;
    if (!result.candidates.empty()) {
      commit_strategy(trace, sglang_record(id, "not_reached"));
      continue;
    }
    if (id == "multi_worker" && !distributed_enabled(run.ctx.model)) {
      record_skip(trace, id, "distributed_disabled");
      continue;
    }
    if (id == "multi_worker" && has_category(run.ctx.model, "image")) {
      record_skip(trace, id, "image_single_gpu_only");
      continue;
    }
    if (id == "single_gpu" && run.gpu_count && *run.gpu_count > 1) {
      record_skip(trace, id, "gpu_count_gt_1", DataFields{{"gpu_count", *run.gpu_count}});
      continue;
    }
    StrategyRecord rec = sglang_record(id, "tried");
    std::vector<Candidate> found = s.run(run, rec);
    rec.set_candidates_found(found.size());
    commit_strategy(trace, std::move(rec));
    if (!found.empty()) {
      result.candidates = std::move(found);
      result.strategy = id;
    }
  }
  if (result.candidates.empty()) emit_auto_messages(run, messages);
  return result;
}

}  // namespace

FitResult select_sglang(FitContext& ctx) {
  const Model& model = ctx.model;
  if (!ctx.scenario.estimates.config)
    throw InputError("/estimates/config", "an SGLang model needs estimates.config (the Hugging Face config.json fields; {} = nothing known)");
  SglangRun run(ctx, ctx.workers);
  run.hp = read_hf_config(ctx.scenario.estimates.config);
  run.diffusion = has_category(model, "image");
  run.world = sglang_world(ctx.params);
  run.gpu_count = gpu_count(model, run.world.size, run.world.labels);
  if (const auto* ids = gpu_ids(model)) run.selection = group_gpu_ids_by_type_and_worker(*ids);
  run.params = read_and_validate_sglang_parameters(ctx.params, !model.backend_parameters.empty(), run.hp);

  auto req = std::make_shared<SglangRequirement>();
  if (run.diffusion) check_diffusion_env_claim(model);
  else compute_utilisation(run, req->u_by_type);
  run.vram = estimate_vram(ctx.scenario, model);
  run.ram = ram_need(model);
  bool calculator_ran = false;
  for (const auto& e : req->u_by_type)
    if (std::string_view(e.source) == "calculator") calculator_ran = true;
  mark_bare_flags(run, calculator_ran);

  req->vram = run.vram;
  req->vram_source = vram_source(model);
  req->ram = run.ram;
  req->image_model = run.diffusion;
  req->world_size = run.world.size;
  req->world_labels = run.world.labels;
  req->gpu_count = run.gpu_count;
  req->parameters = run.params;
  ctx.trace.set_requirement(req);  // before the check below: a failed decision shows what it had
  for (const auto& e : run.utilisation)
    if (!e.wildcard && !e.u)
      throw ReferenceError("fit",
                           "--mem-fraction-static=" + run.params.mem_fraction_static_text.value_or("") +
                               " is not positive: GPUStack leaves the fraction of GPU type " + e.key +
                               " empty (None) and fails when it prints the requirement (TypeError)",
                           DataFields{{"gpu_type", e.key}, {"mem_fraction_static", run.params.mem_fraction_static_text.value_or("")}});
  req->u = max_utilisation(run);
  req->vram_over_u = *req->u != 0 && !run.diffusion;

  run.pool.sort_by_gpu_count();
  return decide_with_messages(ctx.trace, [&](SelectorMessages& messages) {
    return gpu_ids(model) ? run_manual(run, messages) : run_auto(run, messages);
  });
}

}  // namespace placement
