#include "scorers/model_file_locality_scorer.h"

#include <algorithm>

#include "scorers/id_array.h"

namespace placement {

DraftResolution resolve_draft_source(const Model& model) {
  if (!model.speculative_config || !model.speculative_config->draft_model || model.speculative_config->draft_model->empty())
    return {std::nullopt, "not_set"};
  const std::string& draft = *model.speculative_config->draft_model;
  ModelSource s;
  if (draft.front() == '/') {
    s.kind = SourceKind::local_path;
    s.local_path = draft;
    return {s, "local_path"};
  }
  switch (model.source.kind) {
    case SourceKind::huggingface:
      s.kind = SourceKind::huggingface;
      s.huggingface_repo_id = draft;
      return {s, "same_source_kind"};
    case SourceKind::model_scope:
      s.kind = SourceKind::model_scope;
      s.model_scope_model_id = draft;
      return {s, "same_source_kind"};
    case SourceKind::local_path:
      break;
  }
  return {std::nullopt, "local_model_non_path"};
}

std::set<std::int64_t> ready_workers(const std::vector<ModelFile>& files, const ModelSource& source) {
  const std::string wanted = source_string(source);
  const bool by_path = source.kind == SourceKind::local_path && source.local_path && !source.local_path->empty();
  std::set<std::int64_t> out;
  for (const ModelFile& f : files) {
    if (f.state != "ready" || !f.worker_id) continue;
    bool matches = source_string(f.source) == wanted;
    if (!matches && by_path)
      matches = std::find(f.resolved_paths.begin(), f.resolved_paths.end(), *source.local_path) != f.resolved_paths.end();
    if (matches) out.insert(*f.worker_id);
  }
  return out;
}

ModelFileLocalityScorer::ModelFileLocalityScorer(const Scenario& scenario, const Model& model, double max_score, Trace* trace)
    : max_score_(max_score), main_source_(model.source), draft_(resolve_draft_source(model)) {
  ready_main_ = ready_workers(scenario.model_files, main_source_);
  if (draft_.source) ready_draft_ = ready_workers(scenario.model_files, *draft_.source);
  if (draft_.source && !model.speculative_config->enabled) {
    draft_ignores_enabled_ = true;
    if (trace) trace->quirk("Q29", "model_file_locality", "the draft model was scored although speculative decoding is disabled");
  }
  if (draft_.how != "not_set") draft_name_ = *model.speculative_config->draft_model;
}

double ModelFileLocalityScorer::score(const Candidate& c, LocalityItem& item) const {
  item.workers.clear();
  item.workers.push_back(c.worker_id);
  for (const SubordinateWorker& sub : c.subordinate_workers)
    if (sub.worker_id) item.workers.push_back(*sub.worker_id);
  std::sort(item.workers.begin(), item.workers.end());
  item.workers.truncate(static_cast<std::size_t>(std::unique(item.workers.begin(), item.workers.end()) - item.workers.begin()));
  auto ready_among = [&](const std::set<std::int64_t>& ready) {
    std::size_t n = 0;
    for (std::int64_t id : item.workers) n += ready.count(id);
    return n;
  };

  double main_ratio = 0.0;
  if (!ready_main_.empty()) {
    const std::size_t n = ready_among(ready_main_);
    item.main_ready = n;
    main_ratio = static_cast<double>(n) / static_cast<double>(item.workers.size());
  }
  double draft_ratio = 0.0;
  if (!ready_draft_.empty()) {
    const std::size_t n = ready_among(ready_draft_);
    item.draft_ready = n;
    draft_ratio = static_cast<double>(n) / static_cast<double>(item.workers.size());
  }
  item.main_ratio = main_ratio;
  item.draft_ratio = draft_ratio;
  if (main_ratio == 0.0 && draft_ratio == 0.0) {
    item.score = 0.0;
    return 0.0;
  }
  // The draft is a secondary signal, weighted only when some worker holds it.
  const double draft_weight = ready_draft_.empty() ? 0.0 : 0.5;
  const double ratio = (main_ratio + draft_weight * draft_ratio) / (1.0 + draft_weight);
  item.draft_weight = draft_weight;
  item.score = std::min(max_score_, ratio * max_score_);
  return item.score;
}


void LocalityItem::write(JsonOut& out) const {
  out.key("workers");
  out.begin_array();
  for (const std::int64_t id : workers) out.number(id);
  out.end_array();
  if (main_ready) out.member("main_ready", *main_ready);
  if (draft_ready) out.member("draft_ready", *draft_ready);
  out.member("main_ratio", main_ratio);
  out.member("draft_ratio", draft_ratio);
  if (draft_weight) out.member("draft_weight", *draft_weight);
  out.member("score", score);
}

void ModelFileLocalityScorer::describe(JsonOut& out) const {
  out.member("main_source", source_string(main_source_));
  out.key("ready_main");
  write_id_array(out, ready_main_);
  out.key("draft");
  if (draft_.how == "not_set") {
    out.null();
  } else {
    out.begin_object();
    out.member("draft_model", draft_name_);
    out.key("source");
    if (draft_.source) out.string(source_string(*draft_.source));
    else out.null();
    out.member("resolution", draft_.how);
    // GPUStack first looks the name up in its catalogue of draft models.
    out.member("note", "draft_catalogue_not_modelled");
    if (draft_ignores_enabled_) {
      out.key("quirks");
      out.begin_array();
      out.string("Q29");
      out.end_array();
    }
    out.end_object();
  }
  out.key("ready_draft");
  write_id_array(out, ready_draft_);
}

}  // namespace placement
