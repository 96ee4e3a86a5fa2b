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

}  // namespace placement::ui
