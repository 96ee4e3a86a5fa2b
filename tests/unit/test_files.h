// Test data read from the checkout: files as bytes, and acceptance cases as scenarios with the
// keys tests/cases/check-cases removes before running one (the expectation and case metadata).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "scenario/types.h"

namespace placement::testing {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// check-cases' META_KEYS.
inline constexpr const char* kCaseMetadataKeys[] = {"expected", "source", "backend", "notes", "upstream_messages"};

inline Json without_case_metadata(Json doc) {
  for (const char* k : kCaseMetadataKeys) doc.erase(k);
  return doc;
}

// An acceptance case or example scenario as the CLI would be given it.
inline Json read_case_scenario(const std::filesystem::path& p) { return without_case_metadata(Json::parse(read_file(p))); }

}  // namespace placement::testing
