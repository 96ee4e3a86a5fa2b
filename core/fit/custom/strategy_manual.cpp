// §3.6.1: GPUs chosen by the user. On one worker the shared manual routine (§3.1.7) places the
// request with utilisation 0 (each GPU claims VRAM / n); across several workers Custom backends
// cannot run and GPUStack records an error event.
#include <algorithm>

#include "fit/common/manual_selection.h"
#include "fit/common/shared_rules.h"
#include "fit/custom/custom_paths.h"
#include "scenario/scenario_loader.h"

namespace placement::custom {

namespace {

std::vector<std::string> selected_workers(const std::vector<std::string>& ids) {
  std::vector<std::string> names;
  for (const auto& id : ids)
    if (auto g = parse_gpu_id(id); g && std::find(names.begin(), names.end(), g->worker_name) == names.end())
      names.push_back(g->worker_name);
  return names;
}

}  // namespace

PathOutcome find_manual(FitContext& ctx, const CustomRequest& req, SelectorMessages& messages) {
  PathOutcome out;
  const auto* ids = gpu_ids(ctx.model);
  const std::vector<std::string> workers = selected_workers(*ids);
  if (workers.size() > 1) {
    skip_strategy(ctx.trace, kManual, "manual_multi_worker", DataFields{{"workers", workers}});
    out.slot = CustomSlot{"manual_multi_worker", {{"workers", workers}}};
    return out;
  }
  ManualOptions options;
  options.selector = kSelector;
  options.gpu_count = gpu_count(ctx.model, 0, "").value_or(static_cast<int>(ids->size()));
  options.utilisation = {{"*", 0.0}};
  options.allow_multi_worker = false;
  out.candidates = select_manual(ctx, ManualRequest{req.vram, req.ram}, options, messages);
  return out;
}

}  // namespace placement::custom
