// Python's readings of a str (scenario/python_text.h): each row's expectation is what CPython 3.11
// answers for the same text (int(), float(), repr(), json.loads(), argparse's negative-number test).
#include <catch2/catch.hpp>

#include <climits>
#include <cmath>

#include "scenario/python_text.h"

using namespace placement;

TEST_CASE("python_int reads text as Python's int() does") {
  struct Row {
    const char* rule;
    const char* text;
    std::optional<long long> value;
  };
  const Row rows[] = {
      {"surrounding ASCII space", " 42 ", 42},
      {"Unicode spaces (NBSP, ideographic) are stripped", "\u00a042\u3000", 42},
      {"one underscore between digits", "4_2", 42},
      {"two underscores", "4__2", std::nullopt},
      {"leading underscore", "_42", std::nullopt},
      {"trailing underscore", "42_", std::nullopt},
      {"plus sign", "+7", 7},
      {"minus sign", "-7", -7},
      {"space after the sign", "- 7", std::nullopt},
      {"Arabic-Indic digits", "\u0664\u0660\u0669\u0666", 4096},
      {"mixed scripts", "\u06642", 42},
      {"mathematical double-struck digits", "\U0001D7D8\U0001D7D9", 1},
      {"Devanagari digits", "\u0966\u0967", 1},
      {"fullwidth digits", "\uff11\uff12", 12},
      {"ASCII 0x1c is Unicode space but not stripped by the ASCII reader", "\x1c" "5", std::nullopt},
      {"vertical tab and form feed are stripped", "\x0b" "5\x0c", 5},
      {"a zero-width space is no space", "4\u200b2", std::nullopt},
      {"superscript two is a digit but not a decimal", "\u00b2", std::nullopt},
      {"empty", "", std::nullopt},
      {"sign alone", "+", std::nullopt},
      {"no base prefix", "0x10", std::nullopt},
      {"no exponent", "1e3", std::nullopt},
      {"leading zeros", "007", 7},
      {"largest long long", "9223372036854775807", LLONG_MAX},
      {"smallest long long", "-9223372036854775808", LLONG_MIN},
      {"beyond long long: Python reads it, we refuse", "9223372036854775808", std::nullopt},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    CHECK(python_int(r.text) == r.value);
  }
  CHECK(python_int_clamped("99999999999999999999") == LLONG_MAX);
  CHECK(python_int_clamped("-99999999999999999999") == LLONG_MIN);
  CHECK(python_int_clamped("4k") == std::nullopt);
  CHECK(python_int(std::string("4\0" "2", 3)) == std::nullopt);  // an embedded NUL
}

TEST_CASE("python_float reads text as Python's float() does") {
  struct Row {
    const char* rule;
    const char* text;
    std::optional<double> value;
  };
  const Row rows[] = {
      {"spaces", " 1.5 ", 1.5},
      {"Unicode spaces", "\u00a00.9\u00a0", 0.9},
      {"underscore between digits", "1_0.5", 10.5},
      {"underscore before the point", "1_.5", std::nullopt},
      {"underscore after the point", "1._5", std::nullopt},
      {"underscore in the exponent", "1e1_0", 1e10},
      {"no integer part", ".5", 0.5},
      {"no fraction", "5.", 5.0},
      {"a point alone", ".", std::nullopt},
      {"exponent without digits", "1e", std::nullopt},
      {"exponent sign without digits", "1e+", std::nullopt},
      {"Arabic-Indic digits", "\u0664.\u0665", 4.5},
      {"no hex floats", "0x1p3", std::nullopt},
      {"underscore inside inf", "in_f", std::nullopt},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    CHECK(python_float(r.text) == r.value);
  }
  CHECK(std::isinf(*python_float("inf")));
  CHECK(*python_float("-Infinity") < 0);
  CHECK(std::isinf(*python_float("1e400")));
  CHECK(std::isnan(*python_float("nAn")));
}

TEST_CASE("python_repr quotes and escapes as Python's repr()") {
  struct Row {
    const char* text;
    const char* repr;
  };
  const Row rows[] = {
      {"x", "'x'"},
      {"it's", "\"it's\""},
      {"say \"hi\"", "'say \"hi\"'"},
      {"both ' and \"", "'both \\' and \"'"},
      {"tab\tnl\nret\r", "'tab\\tnl\\nret\\r'"},
      {"\x1c\x7f", "'\\x1c\\x7f'"},
      {"caf\u00e9", "'caf\u00e9'"},
      {"\u00a0", "'\\xa0'"},
      {"\u200b", "'\\u200b'"},
      {"\U0001F600", "'\U0001F600'"},
      {"\U000E0001", "'\\U000e0001'"},
      {"\\", "'\\\\'"},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(python_repr(r.text) == r.repr);
  }
}

TEST_CASE("python_json_loads_accepts follows json.loads") {
  struct Row {
    const char* text;
    bool accepted;
  };
  const Row rows[] = {
      {"{\"a\": 1}", true},
      {"{bad json", false},
      {"mooncake", false},
      {"[1,]", false},
      {"{\"a\":1,}", false},
      {"NaN", true},
      {"[-Infinity, Infinity]", true},
      {"1e400", true},
      {"01", false},
      {"\"\\ud800\"", true},
      {"\"\\x\"", false},
      {"\"a\tb\"", false},
      {" {} ", true},
      {"\xEF\xBB\xBF{}", false},
      {"{\"a\" 1}", false},
      {"[1 2]", false},
      {"-", false},
      {"1.", false},
      {"1.e5", false},
      {"nulls", false},
      {"null", true},
      {"{\"a\":{\"b\":[true,false,null]}}", true},
      {"\"\u00e9\"", true},
      {"-0", true},
      {"2E-3", true},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(python_json_loads_accepts(r.text) == r.accepted);
  }
}

TEST_CASE("python_looks_negative_number is argparse's pattern with Unicode digits") {
  struct Row {
    const char* text;
    bool matches;
  };
  const Row rows[] = {{"-1", true},     {"-.5", true},    {"-1.", false}, {"-\u0664", true}, {"-5\n", true},
                      {"-5\n\n", false}, {"--5", false},  {"-", false},   {"-1e5", false},    {"-1.5", true}};
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(python_looks_negative_number(r.text) == r.matches);
  }
}
