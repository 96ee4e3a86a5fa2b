// json_tree_reader: read_json_tree(text) is Json::parse(text) - the same values, key order and
// repeated-key rule on fixed texts, every example and case, and random documents - and text the
// fast reader declines still gets nlohmann's own error.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "scenario/json_tree_reader.h"

using placement::Json;
using placement::read_json_tree;

namespace {

// Equal values and equal text (dump() shows key order and integer/float kinds).
void check_same(const std::string& text) {
  INFO(text.substr(0, 200));
  const Json expected = Json::parse(text);
  const Json got = read_json_tree(text);
  CHECK(got == expected);
  CHECK(got.dump() == expected.dump());
}

// A random document of bounded depth: every value kind, repeated keys now and then.
Json random_value(std::mt19937& rng, int depth) {
  const int kind = int(rng() % (depth > 3 ? 6 : 8));
  switch (kind) {
    case 0: return nullptr;
    case 1: return rng() % 2 == 0;
    case 2: return -std::int64_t(rng() % 100000);
    case 3: return std::uint64_t(rng()) << (rng() % 32);
    case 4: return double(rng() % 1000) / 7.0;
    case 5: return std::string(rng() % 5, char('a' + rng() % 26));
    case 6: {
      Json a = Json::array();
      for (std::uint32_t i = 0, n = rng() % 6; i < n; ++i) a.push_back(random_value(rng, depth + 1));
      return a;
    }
    default: {
      Json o = Json::object();
      for (std::uint32_t i = 0, n = rng() % 7; i < n; ++i) o[std::string(1, char('a' + rng() % 5))] = random_value(rng, depth + 1);
      return o;
    }
  }
}

}  // namespace

TEST_CASE("read_json_tree reads fixed texts as Json::parse") {
  for (const char* text : {"{}", "[]", "null", "0", "-1", "18446744073709551615", "18446744073709551616", "1.5e3", "-0.0",
                           "\"\\u00e9\\ud83d\\ude00\"", " { \"b\": 1, \"a\": [true, false, null, {}], \"c\": {\"z\": {}, \"y\": []} } ",
                           R"({"a": 1, "b": 2, "a": 3})", R"({"a": {"x": 1}, "b": 2, "a": [1, 2]})", R"([[[[[]]]], {"k": [{"k": {}}]}])"})
    check_same(text);
}

TEST_CASE("read_json_tree reads every example and case as Json::parse") {
  int checked = 0;
  for (const char* dir : {"examples/scenarios", "tests/cases/gpustack", "tests/cases/production"}) {
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(PE_SOURCE_DIR) / dir)) {
      if (e.path().extension() != ".json") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      check_same(text.str());
      ++checked;
    }
  }
  CHECK(checked > 90);
}

TEST_CASE("read_json_tree reads random documents as Json::parse") {
  std::mt19937 rng(21);
  for (int i = 0; i < 2000; ++i) {
    const Json doc = random_value(rng, 0);
    // Repeated keys only survive in text: splice one into every object that has a member.
    std::string text = doc.dump(i % 2 ? 1 : -1);
    if (const std::size_t brace = text.find("{\""); brace != std::string::npos) text.insert(brace + 1, "\"a\": 7, ");
    check_same(text);
  }
}

TEST_CASE("read_json_tree leaves refused text to nlohmann's errors") {
  for (const char* text : {"", "{", "[1,]", "{\"a\" 1}", "1e999", "\xEF\xBB\xBF{}", "nul", "[1] x"}) {
    INFO(text);
    std::string expected, got;
    try {
      (void)Json::parse(text);
    } catch (const Json::exception& e) {
      expected = e.what();
    }
    try {
      (void)read_json_tree(text);
    } catch (const Json::exception& e) {
      got = e.what();
    }
    CHECK(got == expected);
  }
}
