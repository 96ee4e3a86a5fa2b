// "Why (not) here?" reads what the strategies say about a selection from the typed trace's events
// (subject_findings.h): the same entries, in the same order, as the walk over the result document,
// for every worker (and each GPU of it) of every example and acceptance case.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/results.h"
#include "app/schedule_service.h"
#include "app/subject_findings.h"
#include "panels/trace_views.h"
#include "scheduler.h"
#include "scenario_files.h"

using placement::Json;
using namespace placement::ui;
using placement::ui::test::read_text;
using placement::ui::test::scenario_files;

namespace {

void check_same(const std::vector<StrategyFinding>& got, const std::vector<StrategyFinding>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    CHECK(got[i].strategy == want[i].strategy);
    CHECK(got[i].rejection == want[i].rejection);
    CHECK(got[i].item.dump() == want[i].item.dump());
  }
}

}  // namespace

TEST_CASE("strategy findings from the typed trace's events equal the document walk's") {
  std::size_t rejections = 0, not_examined = 0, selections = 0;
  for (const auto& file : scenario_files()) {
    INFO(file.filename().string());
    const Json doc = Json::parse(read_text(file), nullptr, false);
    if (doc.is_discarded() || !doc.contains("workers") || !doc["workers"].is_array()) continue;
    const Json expected = Json::parse(placement::schedule_json(doc.dump(2)));
    if (!expected.contains("trace")) continue;
    const Results r = take_results(compute_answer(7, doc));
    for (const Json& w : doc["workers"]) {
      if (!w.is_object() || !w.contains("name") || !w["name"].is_string()) continue;
      const std::string name = w["name"].get<std::string>();
      std::vector<int> gpus = {-1};
      if (w.contains("status") && w["status"].is_object() && w["status"].contains("gpu_devices") && w["status"]["gpu_devices"].is_array())
        for (const Json& g : w["status"]["gpu_devices"])
          if (g.is_object() && g.contains("index") && g["index"].is_number_integer()) gpus.push_back(g["index"].get<int>());
      for (const int gpu : gpus) {
        INFO(name << " GPU " << gpu);
        const SubjectTest names_it = [&](const Json& s) { return subject_matches(s, name, gpu); };
        const auto got = r.strategy_findings(names_it);
        check_same(got, strategy_findings(expected["trace"], names_it));
        ++selections;
        for (const StrategyFinding& f : got) ++(f.rejection ? rejections : not_examined);
      }
    }
  }
  // Real findings of both kinds were compared, not only empty lists.
  CHECK(selections > 1000);
  CHECK(rejections > 200);
  CHECK(not_examined > 5);
}

TEST_CASE("strategy findings keep a strategy's rejections before its not_examined entries") {
  const Json trace = {{"strategies",
                       {{{"strategy", "a"},
                         {"not_examined", {{{"worker_name", "w1"}, {"rule", "stop"}}}},
                         {"rejections", {{{"subject", {{"worker_name", "w1"}, {"gpu_indexes", {0}}}}, {"code", "vram"}},
                                         {{"subject", {{"worker_name", "w2"}}}, {"code", "ram"}}}}},
                        {{"rejections", {{{"subject", {{"worker_name", "w2"}, {"subordinate_workers", {{{"worker_name", "w1"}}}}}}, {"code", "x"}}}}}}}};
  const auto found = strategy_findings(trace, [](const Json& s) { return subject_matches(s, "w1", 0); });
  REQUIRE(found.size() == 3);
  CHECK(found[0].strategy == "a");
  CHECK(found[0].rejection);
  CHECK(found[0].item["code"] == "vram");
  CHECK_FALSE(found[1].rejection);
  CHECK(found[2].strategy == "?");
  CHECK(found[2].item["code"] == "x");
}
