// A model profile (estimates.gguf_profile JSON) read from one of the header-only GGUF fixtures,
// for tests that run the built-in estimator through a scenario.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gguf/model_profile.h"
#include "gguf/reader.h"
#include "scenario/types.h"

namespace placement::test {

inline Json profile_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto r = gguf::read_gguf_prefix(bytes.data(), bytes.size(), bytes.size());
  REQUIRE(r.complete);
  return gguf::profile_to_json(gguf::profile_from_gguf({r.file}));
}

}  // namespace placement::test
