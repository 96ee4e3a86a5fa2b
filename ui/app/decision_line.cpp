#include "app/decision_line.h"

#include "app/format.h"

namespace placement::ui {

DecisionLine decision_line(const Results& r, bool current) {
  if (!current && r.generation == 0) return {DecisionLine::Kind::computing, "computing..."};
  const std::string error = r.input_error();
  if (!error.empty()) return {DecisionLine::Kind::input_error, "Scenario error: " + error};
  const int w = r.selected();
  if (w < 0) return {DecisionLine::Kind::no_candidate, "No candidate: the model cannot be placed (see 3 Resource fit)"};
  const Json& c = r.candidate(std::size_t(w));
  const std::string gpus = c.contains("gpu_indexes") && c["gpu_indexes"].is_array() ? " GPUs " + c["gpu_indexes"].dump() : " (CPU)";
  return {DecisionLine::Kind::winner, "Winner: " + c.value("worker_name", std::string("?")) + gpus + "  strategy " +
                                          value_text("", r.strategy()) + "  score " +
                                          score_text(number_or(c.value("score", Json(nullptr))))};
}

std::string capacity_line(const Json& capacity) {
  const Json& count = member(capacity, "count", json_null());
  if (!count.is_number_integer()) return "";
  const long long n = count.get<long long>();
  if (capacity.value("stopped_by", std::string()) == "limit")
    return std::to_string(n) + " or more replicas fit (the search stops at " + std::to_string(n) + ")";
  if (n == 0) return "no further replica fits";
  return std::to_string(n) + (n == 1 ? " more replica fits" : " more replicas fit");
}

}  // namespace placement::ui
