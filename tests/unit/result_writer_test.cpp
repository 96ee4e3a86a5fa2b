// The CLI prints a result from its typed form (write_schedule_result_text) instead of building
// the whole document first; the bytes must be those of result_text(schedule_result_to_json(...)).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "result_writer.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement {

namespace {

Scenario scenario_from(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  Json doc = Json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
  for (const char* k : {"expected", "source", "backend", "notes", "upstream_messages"}) doc.erase(k);
  return load_scenario(doc);
}

template <class Result>
std::string written(void (*write)(const Result&, const TextSink&), const Result& r) {
  std::string text;
  write(r, [&](const char* data, std::size_t size) { text.append(data, size); });
  return text;
}

}  // namespace

TEST_CASE("a schedule result written in pieces equals its result text", "[result]") {
  std::vector<std::filesystem::path> files;
  for (const char* dir : {PE_TEST_DATA_DIR "/cases/gpustack", PE_SOURCE_DIR "/examples/scenarios"})
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 75);
  int without_candidates = 0;
  for (const auto& path : files) {
    const Scenario s = scenario_from(path);
    INFO(path.string());
    if (s.scale_down) {
      const ScaleDownResult r = scale_down(s);
      CHECK(written(write_scale_down_result_text, r) == result_text(scale_down_result_to_json(r)));
      continue;
    }
    const ScheduleResult r = schedule(s);
    without_candidates += r.candidates.empty() ? 1 : 0;
    CHECK(written(write_schedule_result_text, r) == result_text(schedule_result_to_json(r)));
    // The materialized trace (the explanations' view) is the one written.
    CHECK(r.trace.root() == schedule_result_to_json(r)["trace"]);
  }
  CHECK(without_candidates > 0);  // "candidates": [] is covered too
}

TEST_CASE("result text of a document holds invalid UTF-8 as U+FFFD and ends in a newline", "[result]") {
  const Json doc = Json{{"a", std::string("x") + char(0xFF)}, {"b", Json::array()}, {"c", Json::object()}};
  CHECK(result_text(doc) == "{\n  \"a\": \"x\xEF\xBF\xBD\",\n  \"b\": [],\n  \"c\": {}\n}\n");
}

TEST_CASE("a refused scenario's answer is input_error_json of the loader's error", "[result]") {
  const std::vector<std::string> texts{"{", R"({"workers": 5})", R"({"model": {"replicas": "two"}})", "[]"};
  for (const std::string& text : texts) {
    CAPTURE(text);
    std::string expected;
    try {
      (void)load_scenario_text(text);
    } catch (const InputError& e) {
      expected = input_error_json(e);
    }
    REQUIRE(!expected.empty());
    CHECK(expected.back() == '\n');
    CHECK(Json::parse(expected)["error"].contains("pointer"));
    CHECK(schedule_json(text) == expected);
    CHECK(scale_down_json(text) == expected);
  }
}

}  // namespace placement
