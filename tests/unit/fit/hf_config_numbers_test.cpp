// Config counts from config.json: what reads as a count and what reads as absent. A value beyond
// 64 bits once overflowed a conversion (scenario_fuzz, UBSan).
#include <catch2/catch.hpp>

#include "fit/common/hf_config.h"

using namespace placement;

TEST_CASE("config counts: integers and whole floats read, anything beyond 64 bits is absent", "[hf_config]") {
  struct Row {
    const char* text;
    std::optional<long long> expected;
  };
  const std::vector<Row> rows = {
      {R"({"n": 32})", 32},
      {R"({"n": 32.0})", 32},
      {R"({"n": 32.5})", std::nullopt},
      {R"({"n": true})", std::nullopt},
      {R"({"n": "32"})", std::nullopt},
      {R"({"n": 9223372036854775807})", 9223372036854775807LL},
      {R"({"n": 9223372036854775808})", std::nullopt},
      {R"({"n": 18446744073709551615})", std::nullopt},
      {R"({"n": 4.4e107})", std::nullopt},
      {R"({"n": 444444444444444444444444444444444444444444})", std::nullopt},
      {R"({"n": -9.3e18})", std::nullopt},
      {R"({})", std::nullopt},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(int_member(Json::parse(r.text), "n") == r.expected);
  }
}
