// Every candidate list GPUStack scored in the acceptance cases, re-scored through the
// `candidates` extension: the scorers alone must reproduce GPUStack's doubles bit for bit,
// whatever the selectors do.
#include <catch2/catch.hpp>

#include <filesystem>

#include "scheduler.h"
#include "scorer_test_support.h"

using namespace placement;

TEST_CASE("acceptance replay: GPUStack's scores for its own candidate lists") {
  const std::filesystem::path dir = std::filesystem::path(PE_TEST_DATA_DIR) / "cases" / "gpustack";
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int replayed = 0;
  for (const auto& path : files) {
    Json doc = placement::test::read_case(path.filename().string());
    const Json& expected = doc["expected"];
    if (!expected.contains("candidates") || expected["candidates"].empty() || !expected["candidates"][0].contains("scores")) continue;
    Json scenario = placement::testing::without_case_metadata(doc);
    // Scorer cases carry their candidate list; fit cases get GPUStack's fit output as the list.
    if (!scenario.contains("candidates")) {
      scenario["candidates"] = Json::array();
      for (Json c : expected["candidates"]) {
        c.erase("scores");
        c.erase("score");
        scenario["candidates"].push_back(c);
      }
    }
    ScheduleResult r = schedule(load_scenario(scenario));
    INFO(path.filename().string());
    REQUIRE(r.candidates.size() == expected["candidates"].size());
    for (std::size_t i = 0; i < r.candidates.size(); ++i) {
      const Json& want = expected["candidates"][i];
      INFO("candidate " << i);
      for (const auto& [name, value] : r.candidates[i].scores)
        if (want["scores"].contains(name)) CHECK(value.value_or(0) == want["scores"][name].get<double>());
      if (want.contains("score")) CHECK(r.candidates[i].score == want["score"].get<double>());
    }
    if (expected.contains("selected") && !expected["selected"].is_null())
      CHECK(r.selected == std::optional<std::size_t>(expected["selected"].get<std::size_t>()));
    ++replayed;
  }
  CHECK(replayed >= 40);
}
