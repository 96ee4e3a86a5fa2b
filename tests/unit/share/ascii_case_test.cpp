// ASCII case folding shared by backend names, env flags, vendors and repo ids.
#include <catch2/catch.hpp>
#include <string>

#include "share/ascii_case.h"

using namespace placement::share;

TEST_CASE("ascii_lower folds A-Z only", "[share][ascii]") {
  struct Row {
    std::string in, out;
  };
  const Row rows[] = {
      {"", ""},
      {"vLLM", "vllm"},
      {"SGLang", "sglang"},
      {"W8A8", "w8a8"},
      {"already lower", "already lower"},
      {"@[`{", "@[`{"},                  // neighbours of A-Z and a-z stay as they are
      {"\xC3\x89T\xC3\x89", "\xC3\x89t\xC3\x89"},  // UTF-8 bytes untouched, ASCII folded
  };
  for (const Row& r : rows) {
    CAPTURE(r.in);
    CHECK(ascii_lower(r.in) == r.out);
  }
}

TEST_CASE("ascii_iequals and ascii_ifind ignore ASCII case", "[share][ascii]") {
  CHECK(ascii_iequals("Qwen/Qwen2.5-7B-Instruct", "qwen/qwen2.5-7b-instruct"));
  CHECK_FALSE(ascii_iequals("Qwen/Qwen2.5-7B", "Qwen/Qwen2.5-7B-Instruct"));
  CHECK_FALSE(ascii_iequals("a[", "A{"));
  CHECK(ascii_iequals("", ""));
  struct Row {
    std::string text, needle;
    std::size_t at;
  };
  const Row rows[] = {
      {"GPU-A2", "a2", 4},   {"gpu-a1", "GPU", 0}, {"gpu-a1", "", 0},
      {"", "", 0},           {"", "x", std::string::npos},
      {"gpu-a1", "b", std::string::npos},          {"ab", "abc", std::string::npos},
      {"worker-10", "R-1", 5},
  };
  for (const Row& r : rows) {
    CAPTURE(r.text, r.needle);
    CHECK(ascii_ifind(r.text, r.needle) == r.at);
  }
}
