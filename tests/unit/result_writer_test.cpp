// The CLI writes a schedule result in pieces (write_schedule_result_text) instead of rendering the
// whole document first; the bytes must be those of result_text(schedule_result_to_json(...)).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "result_writer.h"
#include "scenario/scenario_loader.h"

namespace placement {

namespace {

Scenario scenario_from(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  Json doc = Json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
  for (const char* k : {"expected", "source", "backend", "notes", "upstream_messages"}) doc.erase(k);
  return load_scenario(doc);
}

std::string written(ScheduleResult&& r) {
  std::string text;
  write_schedule_result_text(std::move(r), [&](const char* data, std::size_t size) { text.append(data, size); });
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
    if (s.scale_down) continue;
    INFO(path.string());
    const std::string expected = result_text(schedule_result_to_json(schedule(s)));
    ScheduleResult r = schedule(s);
    without_candidates += r.candidates.empty() ? 1 : 0;
    CHECK(written(std::move(r)) == expected);
  }
  CHECK(without_candidates > 0);  // "candidates": [] is covered too
}

TEST_CASE("result text of a document holds invalid UTF-8 as U+FFFD and ends in a newline", "[result]") {
  const Json doc = Json{{"a", std::string("x") + char(0xFF)}, {"b", Json::array()}, {"c", Json::object()}};
  CHECK(result_text(doc) == "{\n  \"a\": \"x\xEF\xBF\xBD\",\n  \"b\": [],\n  \"c\": {}\n}\n");
}

}  // namespace placement
