#include "app/results.h"

#include "app/format.h"

namespace placement::ui {

namespace {

Json parse_or_error(const std::string& text) {
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return Json{{"error", {{"pointer", ""}, {"message", "the scheduler's answer is not JSON"}}}};
  return j;
}

std::string error_text(const Json& doc) {
  if (!doc.is_object() || !doc.contains("error") || !doc["error"].is_object()) return "";
  const Json& e = doc["error"];
  std::string message = e.value("message", std::string("unknown error"));
  std::string pointer = e.value("pointer", std::string());
  return pointer.empty() ? message : message + " (at " + pointer + ")";
}

}  // namespace

std::string Results::input_error() const { return error_text(schedule); }

const Json& Results::trace() const {
  if (schedule.is_object() && schedule.contains("trace") && schedule["trace"].is_object()) return schedule["trace"];
  return json_object();
}

const Json& Results::candidates() const {
  if (schedule.is_object() && schedule.contains("candidates") && schedule["candidates"].is_array()) return schedule["candidates"];
  return json_array();
}

int Results::selected() const {
  if (schedule.is_object() && schedule.contains("selected") && schedule["selected"].is_number_integer()) {
    int i = schedule["selected"].get<int>();
    if (i >= 0 && i < int(candidates().size())) return i;
  }
  return -1;
}

const Json& Results::scale_down_trace() const {
  if (scale_down.is_object() && scale_down.contains("trace") && scale_down["trace"].is_object()) return scale_down["trace"];
  return json_object();
}

Results parse_results(const ScheduleAnswer& answer) {
  Results r;
  r.generation = answer.generation;
  r.schedule_text = answer.schedule_text;
  r.scale_down_text = answer.scale_down_text;
  r.schedule = parse_or_error(answer.schedule_text);
  r.scale_down = parse_or_error(answer.scale_down_text);
  return r;
}

}  // namespace placement::ui
