#include "app/ui_state.h"

namespace placement::ui {

const char* step_name(Step step) {
  switch (step) {
    case Step::cluster: return "cluster";
    case Step::filters: return "filters";
    case Step::fit: return "fit";
    case Step::scoring: return "scoring";
    case Step::scale_down: return "scale-down";
    case Step::whatif: return "what-if";
  }
  return "cluster";
}

const char* step_title(Step step) {
  switch (step) {
    case Step::cluster: return "1 Cluster & model";
    case Step::filters: return "2 Base filters";
    case Step::fit: return "3 Resource fit";
    case Step::scoring: return "4 Scoring";
    case Step::scale_down: return "5 Scale-down";
    case Step::whatif: return "6 What if";
  }
  return "";
}

std::optional<Step> parse_step(const std::string& name) {
  for (Step s : kSteps)
    if (name == step_name(s)) return s;
  return std::nullopt;
}

}  // namespace placement::ui
