#include "app/examples.h"

#include <utility>

#include "app/scenario_text.h"

namespace placement::ui {

const ExampleScenario* find_example(const std::string& stem) {
  for (const auto& e : builtin_examples())
    if (stem == e.stem) return &e;
  return nullptr;
}

// Read once per example (the texts are compiled in).
const std::string& example_description(const ExampleScenario& e) {
  static std::vector<std::pair<const char*, std::string>> cache;
  for (const auto& [stem, text] : cache)
    if (stem == e.stem) return text;
  ParsedScenario p = parse_scenario_text(e.text);
  std::string d = p.document.is_object() ? p.document.value("description", std::string()) : std::string();
  cache.emplace_back(e.stem, d.empty() ? std::string("(no description)") : d);
  return cache.back().second;
}

}  // namespace placement::ui
