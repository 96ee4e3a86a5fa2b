// The fast JSON reader must feed exactly nlohmann's SAX events for every text nlohmann accepts
// (except one starting with a byte-order mark, which it leaves to nlohmann), and decline every text
// nlohmann refuses, so a scenario reads the same whichever parser read it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

#include "scenario/json_events.h"
#include "test_files.h"

using namespace placement;
using placement::testing::nlohmann_events;
using placement::testing::reader_may_decline;
using placement::testing::scanned_events;
namespace fs = std::filesystem;

namespace {

// Either both refuse, or both give the same events; a text reader_may_decline() names the fast
// reader may leave to nlohmann.
void check_agrees(const std::string& text) {
  INFO("text: " << text.substr(0, 300));
  const auto expected = nlohmann_events(text);
  const auto scanned = scanned_events(text);
  if (scanned) {
    REQUIRE(expected);
    CHECK(*scanned == *expected);
  }
  if (expected && !reader_may_decline(text)) CHECK(scanned);
}

// A random JSON value exercising what a scenario may hold: every escape, UTF-8 of each length,
// numbers at the edges of int64 / uint64 / double, whitespace of every kind, deep nesting.
std::string random_value(std::mt19937_64& rng, int depth) {
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  static const char* const kScalars[] = {
      "0", "-0", "1", "-1", "007", "1.5", "-2.25e3", "1E+2", "1e-400", "1e999", "-1e999", "9223372036854775807",
      "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
      "18446744073709551616", "123456789012345678", "1234567890123456789", "0.1", "3.141592653589793238462643",
      "true", "false", "null", "\"\"", "\"plain\"", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\u0000\\u00e9\\u20AC\"",
      "\"\\ud83d\\ude00\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83dx\"", "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"",
      "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xe0\x80\x80\"", "\"\x7f\"", "\"tab\there\"",
      "\"\\x\"", "\"\\u12G4\"", "tru", "nul", "-", "1.", ".5", "1e", "+1", "01"};
  static const char* const kSpaces[] = {"", " ", "\n", "\r\n\t ", "  "};
  const std::string space = kSpaces[pick(5)];
  if (depth > 4 || pick(3) == 0) return space + kScalars[pick(sizeof kScalars / sizeof *kScalars)] + space;
  std::string out;
  const std::size_t n = pick(4);
  if (pick(2) == 0) {
    out = "[";
    for (std::size_t i = 0; i < n; ++i) out += (i ? "," : "") + random_value(rng, depth + 1);
    return space + out + "]" + space;
  }
  out = "{";
  for (std::size_t i = 0; i < n; ++i) out += (i ? "," : "") + space + "\"k" + std::to_string(pick(3)) + "\"" + space + ":" + random_value(rng, depth + 1);
  return space + out + "}" + space;
}

}  // namespace

TEST_CASE("json_scan: texts nlohmann accepts give its exact events") {
  for (const char* text : {"{}", "[]", " {\"a\": [1, -2, 3.5, true, false, null, \"s\"]} ", "0", "-0", "\"\"", "[[[[]]]]",
                           "{\"a\": {\"b\": {\"c\": []}}, \"a\": 1}", "18446744073709551615", "18446744073709551616",
                           "-9223372036854775809", "1e-400", "{\"\\u00e9\": \"\\ud83d\\ude00\"}", "\t\r\n[1]\n"})
    check_agrees(text);
}

TEST_CASE("json_scan: texts nlohmann refuses are declined") {
  for (const char* text : {"", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{1: 2}", "[1 2]", "01", "1.", "-", "+1", "1e999",
                           "\"\\ud800\"", "\"\\udc00\"", "\"a\x01\"", "\"\xc3\"", "\"\xff\"", "[1] x", "nul", "truee", "{\"a\":}",
                           "[\"a\"\"b\"]", "/* c */ 1", "NaN", "Infinity"})
    check_agrees(text);
  // A byte-order mark is left to nlohmann (it skips it), and so is a NUL byte, where nlohmann's
  // input ends (found by json_scan_fuzz).
  CHECK_FALSE(scanned_events("\xEF\xBB\xBF{}"));
  CHECK(nlohmann_events("\xEF\xBB\xBF{}"));
  const std::string nul_after_value("5\0junk", 6);
  CHECK_FALSE(scanned_events(nul_after_value));
  CHECK(nlohmann_events(nul_after_value) == std::vector<std::string>{"uint 5"});
}

TEST_CASE("json_scan: random documents and their one-byte mutations") {
  std::mt19937_64 rng(2112);
  for (int i = 0; i < 3000; ++i) {
    const std::string text = random_value(rng, 0);
    check_agrees(text);
    std::string mutated = text;
    if (mutated.empty()) continue;
    mutated[rng() % mutated.size()] = static_cast<char>(rng() % 256);
    check_agrees(mutated);
    check_agrees(text.substr(0, rng() % text.size()));
  }
}

TEST_CASE("json_scan: a string's special bytes are found wherever they stand") {
  // Plain runs are skipped eight bytes at a time: every length across several words, with an
  // escape, a control character, DEL, UTF-8 or an invalid byte at every position, as a key and as
  // a value, closed or cut off at the end of the text.
  const char* const pieces[] = {"\\\"", "\\\\", "\\n", "\\u00e9", "\x01", "\x1f", "\x7f", "\xc3\xa9", "\xe2\x82\xac", "\xff", "\""};
  for (std::size_t length = 0; length <= 40; ++length) {
    for (std::size_t at = 0; at <= length; ++at) {
      for (const char* piece : pieces) {
        const std::string s = std::string(at, 'a') + piece + std::string(length - at, 'b');
        check_agrees("\"" + s + "\"");
        check_agrees("{\"" + s + "\": 1}");
        check_agrees("\"" + s);
      }
    }
  }
}

TEST_CASE("json_scan: deep nesting does not recurse") {
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  const auto scanned = scanned_events(deep);
  REQUIRE(scanned);
  CHECK(scanned->size() == 400000);
}

TEST_CASE("json_scan: every example and case reads as nlohmann reads it") {
  int files = 0;
  for (const char* dir : {"examples/scenarios", "tests/cases/gpustack", "tests/cases/production", "tests/cases/differential"})
    for (const auto& entry : fs::directory_iterator(fs::path(PE_SOURCE_DIR) / dir)) {
      if (entry.path().extension() != ".json") continue;
      check_agrees(placement::testing::read_file(entry.path()));
      ++files;
    }
  CHECK(files > 100);
}
