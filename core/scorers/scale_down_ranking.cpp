// The scale-down ranking (scheduler-rules.md §4.1, §4.5, §5 item 3): this model's instances scored
// by status (100), offload layer (10) and scale-down placement (1), rescaled, sorted ascending.
#include <algorithm>

#include "resources/allocatable.h"
#include "scenario/errors.h"
#include "scorers/offload_layer_scorer.h"
#include "scorers/placement_binpack_scorer.h"
#include "scorers/placement_spread_scorer.h"
#include "scorers/scale_down_records.h"
#include "scorers/score_chain.h"
#include "scorers/score_chain_parts.h"
#include "scorers/scorer_inputs.h"
#include "scorers/status_scorer.h"

namespace placement {

namespace {

using score_chain::add_record;
using score_chain::strategy_name;
using score_chain::tie_groups;

// Other models' instances on a ranked worker: scale-down placement does not see them (Q6).
void mark_other_models_ignored(const Scenario& s, const std::vector<const ModelInstance*>& mine, Json& rec, Trace& trace) {
  std::vector<std::int64_t> ranked_workers;
  auto note = [&](const std::optional<std::int64_t>& id) {
    if (id && std::find(ranked_workers.begin(), ranked_workers.end(), *id) == ranked_workers.end()) ranked_workers.push_back(*id);
  };
  for (const ModelInstance* inst : mine) {
    note(inst->worker_id);
    for (const auto& sub : inst->subordinate_workers) note(sub.worker_id);
  }
  std::vector<std::int64_t> shared;
  auto touches = [&](const std::optional<std::int64_t>& id) {
    if (id && std::find(ranked_workers.begin(), ranked_workers.end(), *id) != ranked_workers.end() &&
        std::find(shared.begin(), shared.end(), *id) == shared.end())
      shared.push_back(*id);
  };
  for (const ModelInstance& inst : s.model_instances) {
    if (inst.model_id == s.model.id) continue;
    touches(inst.worker_id);
    for (const auto& sub : inst.subordinate_workers) touches(sub.worker_id);
  }
  if (shared.empty()) return;
  rec["other_models_ignored_on"] = shared;
  rec["quirks"] = Json::array({"Q6"});
  trace.quirk("Q6", "scale-down placement", "other models' instances on a ranked worker were ignored");
}

std::vector<double> score_placement_down(const Scenario& s, const WorkerLookup& workers,
                                         const std::vector<const ModelInstance*>& mine, Trace& trace) {
  const Model& model = s.model;
  Json& rec = add_record(trace, Json{{"scorer", "placement"},
                                     {"strategy", strategy_name(model)},
                                     {"scale", scale_type_name(ScaleType::down)},
                                     {"max", kScaleDownPlacementMax}}).head();
  mark_other_models_ignored(s, mine, rec, trace);
  std::vector<double> scores;
  rec["instances"] = Json::array();
  if (model.placement_strategy == PlacementStrategy::binpack) {
    AllocationIndex allocation(mine);  // this model's instances only (Q6)
    PlacementBinpackScorer binpack(workers, allocation, ScaleType::down, kScaleDownPlacementMax, &trace);
    for (const ModelInstance* inst : mine) {
      Json item{{"instance_id", inst->id}, {"name", inst->name}};
      try {
        scores.push_back(binpack.score_instance(*inst, item));
      } catch (const ReferenceError&) {
        rec["instances"].push_back(item);
        throw;
      }
      rec["instances"].push_back(std::move(item));
    }
    return scores;
  }
  PlacementSpreadScorer spread(model, mine, kScaleDownPlacementMax, &trace);
  std::vector<const Worker*> all_workers;
  for (const Worker& w : s.workers) all_workers.push_back(&w);
  spread.build_stats(all_workers);
  rec["counts"] = spread.counts_json();
  rec["stats"] = spread.stats_json();
  for (const ModelInstance* inst : mine) {
    Json item{{"instance_id", inst->id}, {"name", inst->name}};
    double score = 0;
    if (!inst->worker_id) {
      item["why"] = "no_worker";
      item["score"] = 0.0;
    } else {
      score = spread.score_item(workers.find(*inst->worker_id), inst->gpu_indexes, item);
    }
    scores.push_back(score);
    rec["instances"].push_back(std::move(item));
  }
  return scores;
}

template <class ScoreOne>
std::vector<double> score_each(const std::vector<const ModelInstance*>& mine, Json& rec, ScoreOne score_one) {
  std::vector<double> scores;
  rec["instances"] = Json::array();
  for (const ModelInstance* inst : mine) {
    Json item{{"instance_id", inst->id}, {"name", inst->name}};
    try {
      scores.push_back(score_one(*inst, item));
    } catch (const ReferenceError&) {
      rec["instances"].push_back(item);
      throw;
    }
    rec["instances"].push_back(std::move(item));
  }
  return scores;
}

}  // namespace

double scale_down_factor(const std::optional<double>& total_max_score) {
  const double sum_max = 0.0 + kScaleDownStatusMax + kScaleDownOffloadMax + kScaleDownPlacementMax;
  if (!total_max_score || sum_max == 0) return 1.0;
  return *total_max_score / sum_max;
}

std::vector<RankedInstance> rank_scale_down(const Scenario& scenario, Trace& trace) {
  const Model& model = scenario.model;
  std::vector<const ModelInstance*> mine;
  if (model.id)
    for (const ModelInstance& inst : scenario.model_instances)
      if (inst.model_id == model.id) mine.push_back(&inst);
  if (mine.empty()) {
    trace.add_scoring(std::make_shared<ScaleDownChainRecord>(
        ScaleDownChainRecord::nothing_to_rank(model.id ? "no_instances_of_model" : "model_id_null")));
    return {};
  }
  WorkerLookup workers(scenario.workers);
  std::vector<double> status, offload, placement;
  try {
    Json& status_rec = add_record(trace, Json{{"scorer", "status"}, {"max", kScaleDownStatusMax}}).head();
    status = score_each(mine, status_rec, [&](const ModelInstance& inst, Json& item) {
      return status_score(inst, workers, kScaleDownStatusMax, item);
    });
    Json& offload_rec = add_record(trace, Json{{"scorer", "offload_layer"}, {"max", kScaleDownOffloadMax}}).head();
    offload = score_each(mine, offload_rec, [&](const ModelInstance& inst, Json& item) {
      return offload_layer_score(inst, kScaleDownOffloadMax, item);
    });
    for (const auto& item : offload_rec["instances"])
      if (item.contains("quirks")) {
        trace.quirk("Q8", "scale-down offload layer", "an instance without layer counts scored 0");
        break;
      }
    placement = score_placement_down(scenario, workers, mine, trace);
  } catch (const ReferenceError& e) {
    // GPUStack catches any failure of the ranking and returns no candidates (§4.5).
    trace.error("reference_error", e.stage(), e.reason(), e.values());
    trace.add_scoring(std::make_shared<ScaleDownChainRecord>(ScaleDownChainRecord::failed()));
    return {};
  }

  const std::optional<double> total_max = scenario.scale_down ? scenario.scale_down->total_max_score : std::nullopt;
  const double factor = scale_down_factor(total_max);
  auto rec = std::make_shared<ScaleDownChainRecord>();
  trace.add_scoring(rec);
  rec->sum_max = 0.0 + kScaleDownStatusMax + kScaleDownOffloadMax + kScaleDownPlacementMax;
  rec->total_max_score = total_max;
  rec->factor = factor;
  std::vector<RankedInstance> ranked;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    double sum = 0.0;
    sum += status[i];
    sum += offload[i];
    sum += placement[i];
    RankedInstance r;
    r.instance_id = mine[i]->id;
    r.name = mine[i]->name;
    r.scores = {{"status", status[i]}, {"offload_layer", offload[i]}, {"placement", placement[i]}};
    r.score = sum * factor;
    rec->totals.push_back(ScaleDownTotal{r.instance_id, r.name, status[i], offload[i], placement[i], sum, r.score});
    ranked.push_back(std::move(r));
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const RankedInstance& a, const RankedInstance& b) { return a.score < b.score; });

  std::vector<double> sorted_scores;
  for (const auto& r : ranked) rec->ranking.push_back(r.instance_id), sorted_scores.push_back(r.score);
  for (const auto& g : tie_groups(sorted_scores)) {
    std::vector<std::int64_t>& ids = rec->ties.emplace_back();
    for (std::size_t pos : g) ids.push_back(ranked[pos].instance_id);
  }
  if (!rec->ties.empty())
    trace.quirk("Q9", "scale-down ranking", "instances with equal scores kept their scenario order (stable sort)");
  return ranked;
}

}  // namespace placement
