#include "app/examples.h"

namespace placement::ui {

const ExampleScenario* find_example(const std::string& stem) {
  for (const auto& e : builtin_examples())
    if (stem == e.stem) return &e;
  return nullptr;
}

}  // namespace placement::ui
