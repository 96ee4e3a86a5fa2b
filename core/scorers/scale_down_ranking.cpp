// The scale-down ranking (scheduler-rules.md §4.1, §4.5, §5 item 3): this model's instances scored
// by status (100), offload layer (10) and scale-down placement (1), rescaled, sorted ascending.
#include <algorithm>

#include "resources/allocatable.h"
#include "scenario/errors.h"
#include "scorers/scale_down_records.h"
#include "scorers/score_chain.h"
#include "scorers/score_chain_parts.h"
#include "scorers/scorer_inputs.h"

namespace placement {

namespace {

using score_chain::tie_groups;

// A row for each instance, in order, added before it is scored: a scorer that raises leaves its
// row with what it had reached.
template <class Item, class ScoreOne>
std::vector<double> score_rows(const std::vector<const ModelInstance*>& mine, std::vector<ScaleDownRow<Item>>& rows,
                               ScoreOne score_one) {
  std::vector<double> scores;
  scores.reserve(mine.size());
  rows.reserve(mine.size());
  for (const ModelInstance* inst : mine) {
    ScaleDownRow<Item>& row = rows.emplace_back();
    row.instance_id = inst->id;
    row.name = inst->name;
    scores.push_back(score_one(*inst, row));
  }
  return scores;
}

// Other models' instances on a ranked worker: scale-down placement does not see them (Q6).
void mark_other_models_ignored(const Scenario& s, const std::vector<const ModelInstance*>& mine,
                               ScaleDownPlacementHead& head, Trace& trace) {
  std::vector<std::int64_t> ranked_workers;
  auto note = [&](const std::optional<std::int64_t>& id) {
    if (id && std::find(ranked_workers.begin(), ranked_workers.end(), *id) == ranked_workers.end()) ranked_workers.push_back(*id);
  };
  for (const ModelInstance* inst : mine) {
    note(inst->worker_id);
    for (const auto& sub : inst->subordinate_workers) note(sub.worker_id);
  }
  std::vector<std::int64_t>& shared = head.other_models_ignored_on;
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
  if (!shared.empty()) trace.quirk("Q6", "scale-down placement", "other models' instances on a ranked worker were ignored");
}

std::vector<double> score_binpack_down(const Scenario& s, const WorkerLookup& workers,
                                       const std::vector<const ModelInstance*>& mine, Trace& trace) {
  auto rec = std::make_shared<BinpackDownRecord>();
  trace.add_scoring(rec);
  mark_other_models_ignored(s, mine, rec->head, trace);
  AllocationIndex allocation(mine);  // this model's instances only (Q6)
  PlacementBinpackScorer binpack(workers, allocation, ScaleType::down, kScaleDownPlacementMax, &trace);
  return score_rows(mine, rec->instances, [&](const ModelInstance& inst, ScaleDownRow<BinpackRecord>& row) {
    return binpack.score_instance(inst, row);
  });
}

std::vector<double> score_spread_down(const Scenario& s, const WorkerLookup& workers,
                                      const std::vector<const ModelInstance*>& mine, Trace& trace) {
  auto rec = std::make_shared<SpreadDownRecord>();
  trace.add_scoring(rec);
  mark_other_models_ignored(s, mine, rec->head, trace);
  PlacementSpreadScorer spread(s.model, mine, kScaleDownPlacementMax, &trace);
  std::vector<const Worker*> all_workers;
  all_workers.reserve(s.workers.size());
  for (const Worker& w : s.workers) all_workers.push_back(&w);
  spread.build_stats(all_workers);
  rec->stats = spread.stats();
  std::vector<double> scores =
      score_rows(mine, rec->instances, [&](const ModelInstance& inst, ScaleDownRow<SpreadItem>& row) {
        if (!inst.worker_id) {
          row.why = scale_down_why::kNoWorker;
          return 0.0;
        }
        return spread.score_item(workers.find(*inst.worker_id), inst.gpu_indexes, row.item);
      });
  rec->counts = spread.release_counts();  // the scorer is done with them
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
    auto status_rec = std::make_shared<StatusDownRecord>();
    trace.add_scoring(status_rec);
    status = score_rows(mine, status_rec->instances, [&](const ModelInstance& inst, ScaleDownRow<StatusItem>& row) {
      return status_score(inst, workers, kScaleDownStatusMax, row.item);
    });
    auto offload_rec = std::make_shared<OffloadDownRecord>();
    trace.add_scoring(offload_rec);
    offload = score_rows(mine, offload_rec->instances, [&](const ModelInstance& inst, ScaleDownRow<OffloadItem>& row) {
      return offload_layer_score(inst, kScaleDownOffloadMax, row.item);
    });
    if (std::any_of(offload_rec->instances.begin(), offload_rec->instances.end(), [](const auto& row) { return row.item.q8; }))
      trace.quirk("Q8", "scale-down offload layer", "an instance without layer counts scored 0");
    placement = model.placement_strategy == PlacementStrategy::binpack ? score_binpack_down(scenario, workers, mine, trace)
                                                                       : score_spread_down(scenario, workers, mine, trace);
  } catch (const ReferenceError& e) {
    // GPUStack catches any failure of the ranking and returns no candidates (§4.5).
    trace.error("reference_error", e.stage(), e.reason(), e.trace_values());
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
