// The scale-up score chain (scheduler-rules.md §4.1): placement then model-file locality.
#include "scorers/score_chain.h"

#include <algorithm>

#include "resources/allocatable.h"
#include "scenario/errors.h"
#include "scorers/model_file_locality_scorer.h"
#include "scorers/placement_binpack_scorer.h"
#include "scorers/placement_spread_scorer.h"
#include "scorers/score_chain_parts.h"
#include "scorers/score_rows.h"
#include "scorers/scorer_inputs.h"

namespace placement {

namespace {

using score_chain::add_record;
using score_chain::ScorerRecord;
using score_chain::strategy_name;
using score_chain::tie_groups;

// Re-raises a scorer's reference error naming the subject it was scoring.
[[noreturn]] void rethrow_for(const ReferenceError& e, const char* key, Json subject) {
  Json values = e.values();
  values[key] = std::move(subject);
  throw ReferenceError(e.stage(), e.reason(), values);
}

std::vector<double> score_placement_up(const Scenario& s, const Model& model, const WorkerLookup& workers,
                                       const AllocationIndex& allocation, const std::vector<Candidate>& candidates, Trace& trace) {
  ScorerRecord& rec = add_record(trace, Json{{"scorer", "placement"},
                                     {"strategy", strategy_name(model)},
                                     {"scale", scale_type_name(ScaleType::up)},
                                     {"max", kScaleUpPlacementMax}});
  std::vector<double> scores;
  if (model.placement_strategy == PlacementStrategy::binpack) {
    PlacementBinpackScorer binpack(workers, allocation, ScaleType::up, kScaleUpPlacementMax, &trace);
    rec["candidates"] = nullptr;
    auto rows = std::make_shared<BinpackRows>();
    rows->items.resize(candidates.size());
    scores.reserve(candidates.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      try {
        scores.push_back(binpack.score_candidate(candidates[i], rows->items[i]));
      } catch (const ReferenceError& e) {
        // The record lists the candidates scored so far and what the failing one had reached.
        rows->items.resize(i + 1);
        rec["candidates"] = rows->to_json();
        rethrow_for(e, "candidate", i);
      }
    }
    rec.defer("candidates", std::move(rows));
    return scores;
  }
  std::vector<const ModelInstance*> instances;
  for (const ModelInstance& inst : s.model_instances) instances.push_back(&inst);
  PlacementSpreadScorer spread(model, instances, kScaleUpPlacementMax, &trace);
  std::vector<const Worker*> main_workers;  // duplicates kept, as GPUStack lists them
  for (const Candidate& c : candidates) main_workers.push_back(workers.find(c.worker_id));
  spread.build_stats(main_workers);
  rec["model_id_set"] = model.id.has_value();
  rec["counts"] = nullptr;
  rec["stats"] = spread.stats_json();
  rec["candidates"] = nullptr;
  auto rows = std::make_shared<SpreadRows>();
  rows->items.resize(candidates.size());
  scores.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i)
    scores.push_back(spread.score_item(main_workers[i], candidates[i].gpu_indexes, rows->items[i]));
  rec.defer("counts", std::make_shared<SpreadCountsList>(spread.release_counts()));
  rec.defer("candidates", std::move(rows));
  return scores;
}

std::vector<double> score_locality(const Scenario& s, const Model& model, const std::vector<Candidate>& candidates,
                                   Trace& trace) {
  ModelFileLocalityScorer locality(s, model, kLocalityMax, &trace);
  ScorerRecord& rec = add_record(trace, Json{{"scorer", "model_file_locality"}, {"max", kLocalityMax}});
  locality.describe(rec.head());
  rec["candidates"] = nullptr;
  auto rows = std::make_shared<LocalityRows>();
  rows->items.resize(candidates.size());
  std::vector<double> scores;
  scores.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) scores.push_back(locality.score(candidates[i], rows->items[i]));
  rec.defer("candidates", std::move(rows));
  return scores;
}

}  // namespace

void score_scale_up(const Scenario& scenario, const Model& model, std::vector<Candidate>& candidates, Trace& trace) {
  if (candidates.empty()) return;
  score_scale_up(scenario, model, candidates, trace, AllocationIndex(scenario.model_instances));
}

void score_scale_up(const Scenario& scenario, const Model& model, std::vector<Candidate>& candidates, Trace& trace,
                    const AllocationIndex& allocation) {
  if (candidates.empty()) return;
  WorkerLookup workers(scenario.workers);
  const std::vector<double> placement = score_placement_up(scenario, model, workers, allocation, candidates, trace);
  const std::vector<double> locality = score_locality(scenario, model, candidates, trace);

  ScorerRecord& rec = add_record(trace, Json{{"scorer", "chain"}, {"chain", "scale_up"}, {"totals", nullptr}});
  auto rows = std::make_shared<ScaleUpTotals>();
  rows->rows.reserve(candidates.size());
  std::vector<double> totals;
  totals.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    // GPUStack starts each total at 0.0 and adds the scorers in chain order.
    double total = 0.0;
    total += placement[i];
    total += locality[i];
    auto& scores = candidates[i].scores;  // built in place: an initializer list copies each name twice
    scores.clear();
    scores.reserve(2);
    scores.emplace_back("placement", placement[i]);
    scores.emplace_back("model_file_locality", locality[i]);
    candidates[i].score = total;
    totals.push_back(total);
    rows->rows.push_back(ScaleUpTotal{candidates[i].worker_name, placement[i], locality[i], total});
  }
  rec.defer("totals", std::move(rows));
  // Ties on the total: the pick keeps the earliest (Q9, marked by the pick when it decides).
  rec["ties"] = Json::array();
  for (const auto& g : tie_groups(totals)) rec["ties"].push_back(g);
}

}  // namespace placement
