// Same scenario, same bytes out: every acceptance case and example, scheduled twice (and loaded
// from two separately parsed copies), must print byte-identical JSON.
#include <catch2/catch.hpp>

#include <filesystem>

#include "scenario/scenario_loader.h"
#include "scheduler.h"
#include "test_files.h"

using namespace placement;
using namespace placement::testing;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> scenario_files() {
  std::vector<fs::path> out;
  for (const char* dir : {PE_TEST_DATA_DIR "/cases/gpustack", PE_SOURCE_DIR "/examples/scenarios"})
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".json") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string run_once(const std::string& text) {
  Scenario s = load_scenario(without_case_metadata(Json::parse(text)));
  if (s.scale_down) return scale_down_result_to_json(scale_down(s)).dump();
  return schedule_result_to_json(schedule(s)).dump();
}

}  // namespace

TEST_CASE("every case and example gives byte-identical JSON twice") {
  auto files = scenario_files();
  REQUIRE(files.size() >= 75);
  for (const auto& f : files) {
    INFO(f.filename().string());
    const std::string text = read_file(f);
    const std::string a = run_once(text);
    const std::string b = run_once(text);
    CHECK(a == b);
  }
}
