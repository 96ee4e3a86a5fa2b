#include "app/decision_line.h"

#include "app/format.h"

namespace placement::ui {

DecisionLine decision_line(const Results& r, bool current) {
  if (!current && r.generation == 0) return {DecisionLine::Kind::computing, "computing..."};
  const std::string error = r.input_error();
  if (!error.empty()) return {DecisionLine::Kind::input_error, "Scenario error: " + error};
  const int w = r.selected();
  if (w < 0) return {DecisionLine::Kind::no_candidate, "No candidate: the model cannot be placed (see 3 Resource fit)"};
  const Json& c = r.candidates()[std::size_t(w)];
  const std::string gpus = c.contains("gpu_indexes") && c["gpu_indexes"].is_array() ? " GPUs " + c["gpu_indexes"].dump() : " (CPU)";
  return {DecisionLine::Kind::winner, "Winner: " + c.value("worker_name", std::string("?")) + gpus + "  strategy " +
                                          value_text("", r.schedule.value("strategy", Json(nullptr))) + "  score " +
                                          score_text(number_or(c.value("score", Json(nullptr))))};
}

}  // namespace placement::ui
