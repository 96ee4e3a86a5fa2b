// GPUStack's reading of backend_parameters (scheduler-rules.md §1.6).
#include <catch2/catch.hpp>

#include "scenario/backend_parameters.h"

using namespace placement;

TEST_CASE("backend parameter values, ints and bools") {
  struct Row {
    std::vector<std::string> argv;
    const char* name;
    std::optional<std::string> value;
    std::optional<long long> integer;
    std::optional<bool> boolean;
  };
  const std::vector<Row> rows = {
      {{"--tp=2"}, "tp", "2", 2, true},
      {{"--tp 4"}, "tensor-parallel-size", std::nullopt, std::nullopt, std::nullopt},
      {{"--tensor-parallel-size 4"}, "tensor-parallel-size", "4", 4, true},
      {{"--tensor-parallel-size", "4"}, "tensor-parallel-size", "4", 4, true},
      {{"-tp=8"}, "tp", "8", 8, true},
      {{"--enforce-eager"}, "enforce-eager", std::nullopt, std::nullopt, true},
      {{"--x=off"}, "x", "off", std::nullopt, false},
      {{"--x=N"}, "x", "N", std::nullopt, false},
      {{"--x=0"}, "x", "0", 0, false},
      {{"--x=yes"}, "x", "yes", std::nullopt, true},
      {{"--x -1"}, "x", "-1", -1, true},                 // -1 is a value, not a key
      {{"--x -.5"}, "x", "-.5", std::nullopt, true},     // float-looking values too
      {{"--x -1e3"}, "x", "-1e3", std::nullopt, true},
      {{"--x -inf"}, "x", "-inf", std::nullopt, true},
      {{"--x", "--y=3"}, "x", std::nullopt, std::nullopt, true},
      {{"--x=1_000"}, "x", "1_000", 1000, true},          // Python int() accepts underscores
      {{"--x=2.0"}, "x", "2.0", std::nullopt, true},      // not an int
      {{"--x", "--x=5"}, "x", "5", 5, true},              // value: first occurrence that has one; bool: first occurrence
      {{"--x=abc", "--x=5"}, "x", "abc", std::nullopt, true},  // int: later occurrences not tried
      {{"  --x=3  ", ""}, "x", "3", 3, true},
      {{"--name 'a b'"}, "name", "a b", std::nullopt, true},
      {{"--cfg={\"a\": [1, 2]}"}, "cfg", "{\"a\": [1, 2]}", std::nullopt, true},
      {{"--a=1 --b=2"}, "b", "2", 2, true},
      {{"hello --b=2"}, "b", std::nullopt, std::nullopt, std::nullopt},  // not split: first word is no key
      {{"--a \\\n --b=2"}, "b", "2", 2, true},
  };
  for (const auto& row : rows) {
    BackendParameters p(row.argv);
    INFO(row.argv[0] << " / " << row.name);
    CHECK(p.value(row.name) == row.value);
    CHECK(p.integer(row.name) == row.integer);
    CHECK(p.boolean(row.name) == row.boolean);
  }
}

TEST_CASE("python literal parsing") {
  CHECK(python_int(" 12 ") == 12);
  CHECK(python_int("+3") == 3);
  CHECK(!python_int("1__0"));
  CHECK(!python_int("0x10"));
  CHECK(python_float("1.") == 1.0);
  CHECK(python_float(".5") == 0.5);
  CHECK(python_float("1e-3") == 0.001);
  CHECK(python_float("-Infinity").has_value());
  CHECK(!python_float("1e"));
  CHECK(!python_float("abc"));
  CHECK(!python_float("--"));
}
