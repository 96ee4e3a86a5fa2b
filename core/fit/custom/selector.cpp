// The Custom / VoxBox selector (scheduler-rules.md §3.6): also the fallback for null, unknown and
// vLLM-omni backends. Paths run in GPUStack's order and the first with candidates wins.
#include "fit/custom/custom_paths.h"
#include "fit/custom/requirement_record.h"
#include "fit/registry.h"

namespace placement {

using namespace custom;

namespace {

// GPUStack's explanation: the requirement, then the first recorded event of
// [manual, CPU, multi GPU, single GPU], else the generic "no suitable workers" line.
void explain(SelectorMessages& messages, const CustomRequest& req, const std::vector<std::optional<CustomSlot>>& slots,
             bool no_candidate) {
  const bool routine_wrote = !messages.empty();  // the manual routine's own lines
  messages.insert(0, SelectorMessage{kSelector, "requirement", DataFields{{"vram", req.vram}, {"ram", req.ram}}});
  if (routine_wrote) return;
  for (const auto& slot : slots) {
    if (slot) {
      messages.add(kSelector, slot->key, slot->values);
      return;
    }
  }
  if (no_candidate) messages.add(kSelector, "no_candidate", DataFields{{"vram", req.vram}, {"ram", req.ram}});
}

// The run, its §6.9 messages collected in `messages`.
FitResult select_custom(FitContext& ctx, SelectorMessages& messages) {
  const CustomRequest req = custom_request(ctx.scenario, ctx.model);
  ctx.trace.set_requirement(std::make_shared<CustomRequirement>(req));
  FitResult result;
  std::optional<CustomSlot> manual, single, multi, cpu;

  if (gpu_ids(ctx.model)) {
    // With selected GPUs nothing but the manual path runs.
    PathOutcome m = find_manual(ctx, req, messages);
    manual = m.slot;
    result.candidates = std::move(m.candidates);
    if (!result.candidates.empty()) result.strategy = kManual;
    for (const char* s : {kSingleGpu, kMultiGpu, kCpuOnly}) skip_strategy(ctx.trace, s, "manual_only");
  } else {
    using Path = PathOutcome (*)(FitContext&, const CustomRequest&, WorkerPool&);
    WorkerPool pool(ctx.workers);
    struct Step {
      const char* strategy;
      Path run;
      std::optional<CustomSlot>* slot;
    };
    const Step steps[] = {{kSingleGpu, find_single_gpu, &single}, {kMultiGpu, find_multi_gpu, &multi}, {kCpuOnly, find_cpu_only, &cpu}};
    for (const Step& step : steps) {
      // GPUStack only lists the CPU path with cpu_offloading: without it the path is skipped
      // whether or not an earlier one won.
      if (step.run == find_cpu_only && !ctx.model.cpu_offloading) {
        skip_strategy(ctx.trace, step.strategy, "needs_cpu_offloading");
        continue;
      }
      if (!result.candidates.empty()) {
        not_reached(ctx.trace, step.strategy);
        continue;
      }
      PathOutcome o = step.run(ctx, req, pool);
      *step.slot = o.slot;
      if (!o.candidates.empty()) {
        result.candidates = std::move(o.candidates);
        result.strategy = step.strategy;
      }
    }
  }

  bool overcommit = false;
  for (const auto& c : result.candidates) overcommit = overcommit || c.overcommit.value_or(false);
  if (result.candidates.empty() || overcommit) explain(messages, req, {manual, cpu, multi, single}, result.candidates.empty());
  return result;
}

}  // namespace

FitResult select_custom(FitContext& ctx) {
  return decide_with_messages(ctx.trace, [&](SelectorMessages& messages) { return select_custom(ctx, messages); });
}

}  // namespace placement
