// Reading a scenario the user supplied: JSON text → the ordered document, checked by the core's
// loader so a bad document is refused before it replaces anything (JSON pointer or byte offset in
// the message).
#pragma once

#include <memory>
#include <string>

#include "scenario/types.h"

namespace placement::ui {

struct ParsedScenario {
  Json document;
  std::string error;  // empty = valid
  // What the core's loader made of `document` while checking it (valid only): the first decision
  // of a loaded scenario starts from it instead of loading the document again.
  std::shared_ptr<const Scenario> scenario;
};

ParsedScenario parse_scenario_text(const std::string& text);
// "" when the core's loader accepts the document, else its message with the JSON pointer.
std::string check_scenario(const Json& document);

}  // namespace placement::ui
