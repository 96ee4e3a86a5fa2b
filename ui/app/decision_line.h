// The decision in one line, as the toolbar shows it and the page's live region announces it
// (screen readers cannot see the canvas).
#pragma once

#include <string>

#include "app/results.h"

namespace placement::ui {

struct DecisionLine {
  enum class Kind { computing, input_error, no_candidate, winner } kind = Kind::computing;
  std::string text;
};

// `current`: the results describe the scenario shown.
DecisionLine decision_line(const Results& results, bool current);

// How many more replicas fit, from a capacity answer (`placement capacity --json`): "3 more
// replicas fit", "256 or more replicas fit (the search stops at 256)", "no further replica fits";
// "" when the answer is an error or missing.
std::string capacity_line(const Json& capacity);

}  // namespace placement::ui
