// The scale-up score chain (scheduler-rules.md §4.1): placement then model-file locality.
#include "scorers/score_chain.h"

#include <algorithm>

#include "resources/allocatable.h"
#include "scenario/errors.h"
#include "scorers/model_file_locality_scorer.h"
#include "scorers/placement_binpack_scorer.h"
#include "scorers/placement_spread_scorer.h"
#include "scorers/score_chain_parts.h"
#include "scorers/scale_up_records.h"
#include "scorers/scorer_inputs.h"

namespace placement {

namespace {

using score_chain::tie_groups;

// Re-raises a scorer's reference error naming the subject it was scoring.
[[noreturn]] void rethrow_for(const ReferenceError& e, const char* key, DataValue subject) {
  TraceValues values = e.trace_values();
  values.set({key, std::move(subject)});
  throw ReferenceError(e.stage(), e.reason(), values);
}

std::vector<double> score_binpack_up(const WorkerLookup& workers, const AllocationIndex& allocation,
                                     const std::vector<Candidate>& candidates, Trace& trace) {
  auto rec = std::make_shared<BinpackUpRecord>();
  trace.add_scoring(rec);
  PlacementBinpackScorer binpack(workers, allocation, ScaleType::up, kScaleUpPlacementMax, &trace);
  std::vector<BinpackRecord>& rows = rec->candidates.items;
  rows.resize(candidates.size());
  std::vector<double> scores;
  scores.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    try {
      scores.push_back(binpack.score_candidate(candidates[i], rows[i]));
    } catch (const ReferenceError& e) {
      // The record lists the candidates scored so far and what the failing one had reached.
      rows.resize(i + 1);
      rethrow_for(e, "candidate", i);
    }
  }
  return scores;
}

std::vector<double> score_spread_up(const Scenario& s, const Model& model, const WorkerLookup& workers,
                                    const std::vector<Candidate>& candidates, Trace& trace) {
  auto rec = std::make_shared<SpreadUpRecord>();
  trace.add_scoring(rec);
  std::vector<const ModelInstance*> instances;
  for (const ModelInstance& inst : s.model_instances) instances.push_back(&inst);
  PlacementSpreadScorer spread(model, instances, kScaleUpPlacementMax, &trace);
  std::vector<const Worker*> main_workers;  // duplicates kept, as GPUStack lists them
  for (const Candidate& c : candidates) main_workers.push_back(workers.find(c.worker_id));
  spread.build_stats(main_workers);
  rec->model_id_set = model.id.has_value();
  rec->stats = spread.stats();
  std::vector<SpreadItem>& rows = rec->candidates.items;
  rows.resize(candidates.size());
  std::vector<double> scores;
  scores.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i)
    scores.push_back(spread.score_item(main_workers[i], candidates[i].gpu_indexes, rows[i]));
  rec->counts = spread.release_counts();
  return scores;
}

std::vector<double> score_locality(const Scenario& s, const Model& model, const std::vector<Candidate>& candidates,
                                   Trace& trace) {
  auto rec = std::make_shared<LocalityRecord>(ModelFileLocalityScorer(s, model, kLocalityMax, &trace));
  trace.add_scoring(rec);
  std::vector<LocalityItem>& rows = rec->candidates.items;
  rows.resize(candidates.size());
  std::vector<double> scores;
  scores.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) scores.push_back(rec->scorer.score(candidates[i], rows[i]));
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
  const std::vector<double> placement = model.placement_strategy == PlacementStrategy::binpack
                                           ? score_binpack_up(workers, allocation, candidates, trace)
                                           : score_spread_up(scenario, model, workers, candidates, trace);
  const std::vector<double> locality = score_locality(scenario, model, candidates, trace);

  auto rec = std::make_shared<ScaleUpChainRecord>();
  trace.add_scoring(rec);
  std::vector<ScaleUpTotal>& rows = rec->totals.rows;
  rows.reserve(candidates.size());
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
    rows.push_back(ScaleUpTotal{candidates[i].worker_name, placement[i], locality[i], total});
  }
  // Ties on the total: the pick keeps the earliest (Q9, marked by the pick when it decides).
  rec->ties = tie_groups(totals);
}

}  // namespace placement
