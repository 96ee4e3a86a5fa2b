#include "fit/sglang/utilisation.h"

#include <algorithm>

#include "fit/common/shared_rules.h"
#include "fit/sglang/mem_fraction_calculator.h"

namespace placement {

void compute_utilisation(SglangRun& run, std::vector<SglangTypeUtilisation>& u_by_type) {
  run.utilisation.push_back(TypeUtilisation{"*", std::nullopt, true, 0.0});
  std::vector<PoolTypeGroup> groups = group_by_gpu_type(run.pool, run.ctx.trace);
  const Model& model = run.ctx.model;
  for (const PoolTypeGroup& g : groups) {
    const bool valid = run.selection.empty() ||
                       (g.type && std::any_of(run.selection.begin(), run.selection.end(), [&](const auto& e) { return e.first == *g.type; }));
    if (!valid) {
      u_by_type.push_back(SglangTypeUtilisation{type_label(g.type), "not_selected", std::nullopt, std::nullopt});
      continue;
    }
    TypeUtilisation entry{type_label(g.type), g.type, false, std::nullopt};
    SglangTypeUtilisation rec{type_label(g.type), "", std::nullopt, std::nullopt};
    if (run.params.mem_fraction_static > 0) {
      entry.u = run.params.mem_fraction_static;
      rec.source = "parameter";
    } else {
      MemFractionInputs in;
      in.gpu_type = g.type;
      in.workers.assign(g.workers.begin(), g.workers.end());
      in.selection = &run.selection;
      in.gpu_selector_present = model.gpu_selector.has_value();
      in.gpus_per_replica = gpus_per_replica(model);
      in.allocation = &run.ctx.allocation;
      in.params = &run.params;
      in.vision_config = run.hp.vision_config;
      MemFractionResult r = calculate_mem_fraction_static(in);
      entry.u = r.u;
      rec.source = r.detail.source;
      rec.calculator = std::move(r.detail);
    }
    rec.u = entry.u;
    u_by_type.push_back(std::move(rec));
    run.utilisation.push_back(entry);
  }
}

UtilisationMap manual_utilisation(const SglangRun& run) {
  UtilisationMap map;
  for (const auto& e : run.utilisation) map.emplace_back(e.key, e.u.value_or(0));
  return map;
}

}  // namespace placement
