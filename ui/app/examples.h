// The example scenarios compiled into the app (generated from examples/scenarios/*.json by
// ui/cmake/embed_examples.cmake), so the examples menu needs no network and no files.
#pragma once

#include <string>
#include <vector>

namespace placement::ui {

struct ExampleScenario {
  const char* stem;  // file name without .json: the id `example/<stem>`
  const char* text;  // the file's JSON text, verbatim
};

// Sorted by file name.
const std::vector<ExampleScenario>& builtin_examples();
const ExampleScenario* find_example(const std::string& stem);
// The example's "description", or "(no description)".
const std::string& example_description(const ExampleScenario& e);
// The example loaded when nothing else is (explorer-architecture.md, start-up step 3).
inline constexpr const char* kFirstExample = "binpack-vs-spread";

}  // namespace placement::ui
