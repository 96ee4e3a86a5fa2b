// Model-file locality (scheduler-rules.md §4.4, max 5): candidates whose workers already hold a ready
// copy of the model (and, as a weaker signal, of its draft model) score higher.
#pragma once

#include <set>

#include "scorers/scorer_inputs.h"
#include "trace/small_list.h"
#include "trace/trace.h"

namespace placement {

// Where the draft model would come from, as GPUStack resolves `speculative_config.draft_model`
// (its catalogue of named drafts is not modelled). nullopt = no draft source.
struct DraftResolution {
  std::optional<ModelSource> source;
  std::string how;  // not_set | local_path | same_source_kind | local_model_non_path
};
DraftResolution resolve_draft_source(const Model& model);

// Workers holding a ready file of `source` (§1.4), local-path files matching by resolved path too.
std::set<std::int64_t> ready_workers(const std::vector<ModelFile>& files, const ModelSource& source);

// How one candidate was scored, typed; write() adds its §6.5 fields.
struct LocalityItem {
  SmallList<std::int64_t, 4> workers;  // main and subordinates, ascending, unique
  std::optional<std::size_t> main_ready, draft_ready;
  double main_ratio = 0, draft_ratio = 0;
  std::optional<double> draft_weight;
  double score = 0;

  void write(JsonOut& out) const;
};

class ModelFileLocalityScorer {
 public:
  // `trace` (optional) receives the Q29 marker and the draft-catalogue note.
  ModelFileLocalityScorer(const Scenario& scenario, const Model& model, double max_score = kLocalityMax, Trace* trace = nullptr);

  double score(const Candidate& candidate, LocalityItem& item) const;

  // Scorer-level facts for the trace (sources and ready sets), as members of the open record.
  void describe(JsonOut& out) const;

 private:
  double max_score_;
  ModelSource main_source_;
  DraftResolution draft_;
  std::string draft_name_;
  bool draft_ignores_enabled_ = false;
  std::set<std::int64_t> ready_main_;
  std::set<std::int64_t> ready_draft_;
};

}  // namespace placement
