#include "app/results.h"

#include <algorithm>
#include <utility>

#include "app/filter_drops.h"
#include "app/filter_drops_stream.h"
#include "app/format.h"
#include "app/trace_section.h"
#include "result_writer.h"
#include "scenario/errors.h"

namespace placement::ui {

namespace {

std::string error_text(const Json& doc) {
  if (!doc.is_object() || !doc.contains("error") || !doc["error"].is_object()) return "";
  const Json& e = doc["error"];
  std::string message = e.value("message", std::string("unknown error"));
  std::string pointer = e.value("pointer", std::string());
  return pointer.empty() ? message : message + " (at " + pointer + ")";
}

const Json& object_member(const Json& doc, const char* key) {
  if (doc.is_object() && doc.contains(key) && doc[key].is_object()) return doc[key];
  return json_object();
}

}  // namespace

const Json& Results::schedule() const {
  if (!schedule_) schedule_ = typed_ ? schedule_result_to_json(*typed_) : Json::object();
  return *schedule_;
}

// The ranking is decided from the Scenario of the decision the first time anything reads it (the
// scale-down step, its dialog, scaleDownResult()); the cluster step and an edit never need it.
void Results::decide_scale_down() const {
  // Decided once: afterwards the typed ranking, or the core's refusal as the document, is there.
  if (typed_scale_down_ || scale_down_ || !scenario_) return;
  try {
    typed_scale_down_ = placement::scale_down(*scenario_);
  } catch (const InputError& e) {
    scale_down_text_ = input_error_json(e);  // as placement::scale_down_json answers it
    scale_down_ = Json::parse(scale_down_text_);
  }
}

const ScaleDownResult* Results::typed_scale_down() const {
  decide_scale_down();
  return typed_scale_down_ ? &*typed_scale_down_ : nullptr;
}

const Json& Results::scale_down() const {
  decide_scale_down();
  if (!scale_down_) scale_down_ = typed_scale_down_ ? scale_down_result_to_json(*typed_scale_down_) : Json::object();
  return *scale_down_;
}

const std::vector<ScaleDownRow>& Results::scale_down_ranking() const {
  if (scale_down_rows_) return *scale_down_rows_;
  decide_scale_down();
  std::vector<ScaleDownRow> rows;
  if (typed_scale_down_) {
    std::vector<std::int64_t> goes = typed_scale_down_->to_delete;
    std::sort(goes.begin(), goes.end());
    for (const RankedInstance& e : typed_scale_down_->ranking)
      rows.push_back({e.instance_id, e.name, e.scores, e.score, std::binary_search(goes.begin(), goes.end(), e.instance_id)});
  } else {
    const Json& doc = scale_down();
    const Json& goes = member(doc, "delete", json_array());
    for (const Json& e : member(doc, "ranking", json_array())) {
      const Json& id = member(e, "instance_id", json_null());
      ScaleDownRow row;
      row.instance_id = id.is_number_integer() ? id.get<std::int64_t>() : 0;
      row.name = member(e, "name", json_null()).is_string() ? e["name"].get<std::string>() : std::string();
      for (const auto& [k, v] : member(e, "scores", json_object()).items()) row.scores.emplace_back(k, number_or(v));
      row.score = number_or(member(e, "score", json_null()));
      row.deleted = std::find(goes.begin(), goes.end(), id) != goes.end();
      rows.push_back(std::move(row));
    }
  }
  scale_down_rows_ = std::move(rows);
  return *scale_down_rows_;
}

const Json& Results::scale_down_trace_section(const std::string& name) const {
  decide_scale_down();
  if (!typed_scale_down_ || scale_down_) return member(scale_down_trace(), name.c_str(), json_null());
  auto found = scale_down_sections_.find(name);
  if (found == scale_down_sections_.end())
    found = scale_down_sections_.emplace(name, ui::trace_section(typed_scale_down_->trace, name)).first;
  return found->second;
}

const std::string& Results::schedule_text() const {
  if (schedule_text_.empty()) schedule_text_ = typed_ ? schedule_result_text(*typed_) : result_text(schedule());
  return schedule_text_;
}

const std::string& Results::scale_down_text() const {
  decide_scale_down();
  if (scale_down_text_.empty())
    scale_down_text_ = typed_scale_down_ ? scale_down_result_text(*typed_scale_down_) : result_text(scale_down());
  return scale_down_text_;
}

std::string Results::input_error() const { return typed_ ? "" : error_text(schedule()); }

const Json& Results::trace() const { return object_member(schedule(), "trace"); }

const Json& Results::trace_section(const std::string& name) const {
  if (!typed_ || schedule_) return member(trace(), name.c_str(), json_null());
  auto found = sections_.find(name);
  if (found == sections_.end()) found = sections_.emplace(name, ui::trace_section(typed_->trace, name)).first;
  return found->second;
}

const Json& Results::scale_down_trace() const { return object_member(scale_down(), "trace"); }

const Json& Results::candidates() const {
  const Json& doc = schedule();
  if (doc.is_object() && doc.contains("candidates") && doc["candidates"].is_array()) return doc["candidates"];
  return json_array();
}

std::size_t Results::candidate_count() const { return typed_ ? typed_->candidates.size() : candidates().size(); }

const Json& Results::candidate(std::size_t i) const {
  if (!typed_ || schedule_) return candidates()[i];
  auto found = one_by_one_.find(i);
  if (found == one_by_one_.end()) found = one_by_one_.emplace(i, candidate_to_json(typed_->candidates[i])).first;
  return found->second;
}

const Candidate* Results::typed_candidate(std::size_t i) const {
  return typed_ && i < typed_->candidates.size() ? &typed_->candidates[i] : nullptr;
}

int Results::selected() const {
  if (typed_) return typed_->selected ? int(*typed_->selected) : -1;
  const Json& doc = schedule();
  if (doc.is_object() && doc.contains("selected") && doc["selected"].is_number_integer()) {
    int i = doc["selected"].get<int>();
    if (i >= 0 && i < int(candidate_count())) return i;
  }
  return -1;
}

Json Results::strategy() const {
  if (typed_) return typed_->strategy.empty() ? Json(nullptr) : Json(typed_->strategy);
  return schedule().value("strategy", Json(nullptr));
}

const std::map<std::string, std::string>& Results::filter_drops() const {
  if (!drops_) drops_ = typed_ && !schedule_ ? filter_drops_of(typed_->trace) : placement::ui::filter_drops(trace());
  return *drops_;
}

std::vector<StrategyFinding> Results::strategy_findings(const SubjectTest& names_it) const {
  return typed_ && !schedule_ ? strategy_findings_of(typed_->trace, names_it) : ui::strategy_findings(trace(), names_it);
}

Results take_results(ScheduleAnswer&& answer) {
  Results r;
  r.generation = answer.generation;
  if (answer.typed) {
    r.typed_ = std::make_shared<const ScheduleResult>(std::move(*answer.typed));
    r.scenario_ = std::move(answer.scenario);
  } else {
    r.schedule_ = std::move(answer.schedule);
    r.scale_down_ = std::move(answer.scale_down);
  }
  r.schedule_text_ = std::move(answer.schedule_text);
  r.scale_down_text_ = std::move(answer.scale_down_text);
  return r;
}

}  // namespace placement::ui
