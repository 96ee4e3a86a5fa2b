// Placement spread (scheduler-rules.md §4.3): the worked examples, the acceptance numbers, each rule.
#include <catch2/catch.hpp>

#include "scorers/placement_spread_scorer.h"
#include "scorer_test_support.h"

using namespace placement;
using namespace placement::test;

namespace {

// Scores every candidate of a scenario the scale-up way (stats over the candidates' workers).
struct Spread {
  Scenario s;
  WorkerLookup workers{s.workers};
  Trace trace;
  std::vector<double> scores;
  std::vector<Json> records;

  explicit Spread(const std::string& json) : s(scenario_from(json)) {
    std::vector<const ModelInstance*> all;
    for (const auto& i : s.model_instances) all.push_back(&i);
    PlacementSpreadScorer scorer(s.model, all, 100.0, &trace);
    std::vector<const Worker*> mains;
    for (const auto& c : *s.candidates) mains.push_back(workers.find(c.worker_id));
    scorer.build_stats(mains);
    for (std::size_t i = 0; i < s.candidates->size(); ++i) {
      SpreadItem item;
      scores.push_back(scorer.score_item(mains[i], (*s.candidates)[i].gpu_indexes, item));
      records.push_back(members_json(item));
    }
  }
};

std::string scenario_text(const std::string& model_id, const std::string& workers, const std::string& instances,
                          const std::string& candidates) {
  return R"({"model": {"id": )" + model_id + R"(}, "workers": [)" + workers + R"(], "model_instances": [)" + instances +
         R"(], "candidates": [)" + candidates + "]}";
}

std::string gpus(int n) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) out += (i ? "," : "") + gpu_json(i, 1000);
  return out + "]";
}

std::string candidate(int worker, const std::string& indexes) {
  return R"({"worker_id": )" + std::to_string(worker) + R"(, "gpu_indexes": )" + indexes +
         R"(, "computed_resource_claim": {"ram": 1}})";
}

std::string instance(int id, int model, int worker, const std::string& indexes) {
  return R"({"id": )" + std::to_string(id) + R"(, "model_id": )" + std::to_string(model) + R"(, "worker_id": )" +
         std::to_string(worker) + R"(, "gpu_indexes": )" + indexes + "}";
}

}  // namespace

TEST_CASE("inverse_norm rows") {
  CHECK(inverse_norm(0, 0, 4) == 1.0);
  CHECK(inverse_norm(1, 0, 4) == 0.75);
  CHECK(inverse_norm(4, 0, 4) == 0.0);
  CHECK(inverse_norm(3, 3, 3) == 1.0);  // hi <= lo
}

TEST_CASE("spread worked example: empty worker vs one with a current instance → 100.0 / 62.75") {
  Spread sp(scenario_text("1", worker_json(1, "a", 1000, gpus(1)) + "," + worker_json(2, "b", 1000, gpus(1)),
                          instance(1, 1, 2, "[0]"), candidate(1, "[0]") + "," + candidate(2, "[0]")));
  CHECK(sp.scores[0] == 100.0);
  CHECK(sp.scores[1] == 62.75);
  CHECK(sp.records[1]["W"].get<double>() == Approx(65.0));
  CHECK(sp.records[1]["G"].get<double>() == 50.0);
  CHECK(sp.records[1]["branch"] == "some_zero_current_own_positive");
}

TEST_CASE("spread worked example: current instances on GPUs 2 and 3 → 89.0 / 86.5") {
  Spread sp(scenario_text("1", worker_json(1, "a", 1000, gpus(4)), instance(1, 1, 1, "[2]") + "," + instance(2, 1, 1, "[3]"),
                          candidate(1, "[0, 1, 2]") + "," + candidate(1, "[0, 2, 3]")));
  CHECK(sp.records[0]["W"].get<double>() == Approx(90.0));
  CHECK(sp.records[0]["G"].get<double>() == Approx(250.0 / 3));
  CHECK(sp.scores[0] == Approx(89.0).epsilon(1e-14));
  CHECK(sp.scores[1] == Approx(86.5).epsilon(1e-14));
}

TEST_CASE("spread acceptance numbers: others weigh 0.2, all workers with current instances") {
  const std::string workers = worker_json(2, "host4090", 1000, gpus(1)) + "," + worker_json(3, "host4080", 1000, gpus(2));
  SECTION("other models' instances as the secondary weight → 84.0 / 71.25") {
    Spread sp(scenario_text("3", workers,
                            instance(1, 3, 2, "[0]") + "," + instance(2, 3, 3, "[0]") + "," + instance(3, 999, 3, "[1]") + "," +
                                instance(4, 999, 3, "[1]"),
                            candidate(2, "[0]") + "," + candidate(3, "[0]")));
    CHECK(sp.scores[0] == 84.0);
    CHECK(sp.scores[1] == 71.25);
    CHECK(sp.records[1]["branch"] == "none_zero_current");
  }
  SECTION("fewer current instances wins when all have some → 84.0 / 62.75") {
    Spread sp(scenario_text("2", workers,
                            instance(1, 2, 2, "[0]") + "," + instance(2, 2, 3, "[0]") + "," + instance(3, 2, 3, "[1]"),
                            candidate(2, "[0]") + "," + candidate(3, "[0]")));
    CHECK(sp.scores[0] == 84.0);
    CHECK(sp.scores[1] == 62.75);
  }
}

TEST_CASE("spread counting rules, row by row") {
  const std::string two = worker_json(1, "a", 1000, gpus(2)) + "," + worker_json(2, "b", 1000, gpus(2));
  SECTION("an instance without GPUs adds to the worker total only") {
    Spread sp(scenario_text("1", two, instance(1, 1, 1, "[]"), candidate(1, "[0]") + "," + candidate(2, "[0]")));
    CHECK(sp.records[0]["counts"]["current"] == 1);
    CHECK(sp.records[0]["gpus"][0]["current"] == 0);
  }
  SECTION("a multi-GPU instance counts once per GPU in the total (Q4)") {
    Spread sp(scenario_text("1", two, instance(1, 1, 1, "[0, 1]"), candidate(1, "[0]")));
    CHECK(sp.records[0]["counts"]["current"] == 2);
    CHECK(sp.trace.root()["quirks"][0]["id"] == "Q4");
  }
  SECTION("subordinate GPUs count on the subordinate's worker; an empty list adds nothing") {
    Spread sp(scenario_text("1", two,
                            R"({"id": 1, "model_id": 1, "worker_id": 1, "gpu_indexes": [0], "distributed_servers": {"subordinate_workers": [
                 {"worker_id": 2, "gpu_indexes": [1]}, {"worker_id": 2, "gpu_indexes": []}]}})",
                            candidate(2, "[1]")));
    CHECK(sp.records[0]["counts"]["current"] == 1);
    CHECK(sp.records[0]["gpus"][0]["current"] == 1);
  }
  SECTION("instances without a worker are not counted") {
    Spread sp(scenario_text("1", two, R"({"id": 1, "model_id": 1, "gpu_indexes": [0]})", candidate(1, "[0]")));
    CHECK(sp.records[0]["counts"]["current"] == 0);
    CHECK(sp.scores[0] == 100.0);
  }
  SECTION("model.id null: no instance is seen at all") {
    Spread sp(scenario_text("null", two, instance(1, 1, 1, "[0]"), candidate(1, "[0]") + "," + candidate(2, "[0]")));
    CHECK(sp.scores[0] == 100.0);
    CHECK(sp.scores[1] == 100.0);
  }
  SECTION("a CPU candidate scores W only") {
    Spread sp(scenario_text("1", two, instance(1, 1, 2, "[0]"), candidate(1, "[]") + "," + candidate(2, "null")));
    CHECK(sp.scores[0] == 100.0);
    CHECK(sp.scores[1] == Approx(65.0));
    CHECK(sp.records[1]["kind"] == "cpu");
  }
  SECTION("an unknown worker scores 0 and is left out of the stats") {
    Spread sp(scenario_text("1", two, instance(1, 1, 1, "[0]"), candidate(1, "[1]") + "," + candidate(42, "[0]")));
    CHECK(sp.scores[1] == 0.0);
    CHECK(sp.records[1]["why"] == "unknown_worker");
    // Stats over worker 1 only: it has current instances, nobody has none.
    CHECK(sp.records[0]["branch"] == "none_zero_current");
  }
}
