#include "app/results.h"

#include "app/format.h"
#include "scheduler.h"

namespace placement::ui {

namespace {

std::string error_text(const Json& doc) {
  if (!doc.is_object() || !doc.contains("error") || !doc["error"].is_object()) return "";
  const Json& e = doc["error"];
  std::string message = e.value("message", std::string("unknown error"));
  std::string pointer = e.value("pointer", std::string());
  return pointer.empty() ? message : message + " (at " + pointer + ")";
}

}  // namespace

const std::string& Results::schedule_text() const {
  if (schedule_text_.empty()) {
    candidates();
    schedule_text_ = result_text(schedule_);
  }
  return schedule_text_;
}

const std::string& Results::scale_down_text() const {
  if (scale_down_text_.empty()) scale_down_text_ = result_text(scale_down);
  return scale_down_text_;
}

std::string Results::input_error() const { return error_text(schedule_); }

const Json& Results::trace() const {
  if (schedule_.is_object() && schedule_.contains("trace") && schedule_["trace"].is_object()) return schedule_["trace"];
  return json_object();
}

const Json& Results::candidates() const {
  if (!typed_.empty()) {
    Json all = Json::array();
    for (const Candidate& c : typed_) all.push_back(candidate_to_json(c));
    schedule_["candidates"] = std::move(all);  // the key is there already: its place is kept
    typed_.clear();  // one_by_one_ stays: references to its entries remain valid
  }
  if (schedule_.is_object() && schedule_.contains("candidates") && schedule_["candidates"].is_array()) return schedule_["candidates"];
  return json_array();
}

std::size_t Results::candidate_count() const { return typed_.empty() ? candidates().size() : typed_.size(); }

const Json& Results::candidate(std::size_t i) const {
  if (typed_.empty()) return candidates()[i];
  auto found = one_by_one_.find(i);
  if (found == one_by_one_.end()) found = one_by_one_.emplace(i, candidate_to_json(typed_[i])).first;
  return found->second;
}

int Results::selected() const {
  if (schedule_.is_object() && schedule_.contains("selected") && schedule_["selected"].is_number_integer()) {
    int i = schedule_["selected"].get<int>();
    if (i >= 0 && i < int(candidate_count())) return i;
  }
  return -1;
}

const Json& Results::scale_down_trace() const {
  if (scale_down.is_object() && scale_down.contains("trace") && scale_down["trace"].is_object()) return scale_down["trace"];
  return json_object();
}

Results take_results(ScheduleAnswer&& answer) {
  Results r;
  r.generation = answer.generation;
  r.schedule_ = std::move(answer.schedule);
  r.typed_ = std::move(answer.candidates);
  r.scale_down = std::move(answer.scale_down);
  r.schedule_text_ = std::move(answer.schedule_text);
  r.scale_down_text_ = std::move(answer.scale_down_text);
  return r;
}

}  // namespace placement::ui
