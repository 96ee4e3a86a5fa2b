// Shared by the app tests that run over every scenario the repository holds: the examples and the
// acceptance cases (their `expected` and metadata keys are fields the loader ignores).
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace placement::ui::test {

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::vector<std::filesystem::path> scenario_files() {
  std::vector<std::filesystem::path> out;
  for (const char* dir : {"examples/scenarios", "tests/cases/gpustack", "tests/cases/production", "tests/cases/differential"})
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(PE_SOURCE_DIR) / dir))
      if (e.path().extension() == ".json") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace placement::ui::test
