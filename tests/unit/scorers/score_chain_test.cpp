// Score chains and the scale-down ranking (scheduler-rules.md §4.1, §4.5, §5, §7.4): worked examples,
// rescaling, reference errors, edge cases.
#include <catch2/catch.hpp>

#include "scheduler.h"
#include "scorer_test_support.h"

using namespace placement;
using namespace placement::test;

namespace {

std::string gpus1(long long total) { return "[" + gpu_json(0, total) + "]"; }

// The controller test's cluster (scheduler-rules.md §4.5 example).
std::string controller_scenario(const std::string& scale_down, const std::string& extra_instances = "",
                                const std::string& strategy = "binpack") {
  return R"({"model": {"id": 1, "name": "test", "placement_strategy": ")" + strategy + R"(", "replicas": 3},
    "workers": [)" +
         worker_json(4, "host-2-4090", 134366732288, "[" + gpu_json(0, 26015170560) + "," + gpu_json(1, 26015170560) + "]",
                     "not_ready") +
         "," +
         worker_json(3, "host4080", 67183366144, "[" + gpu_json(0, 17171480576) + "," + gpu_json(1, 17171480576) + "]") + "," +
         worker_json(6, "host-cpu-1", 68719476736, "[]") + R"(],
    "model_instances": [
      {"id": 1, "name": "test-1", "model_id": 1, "worker_id": 4, "state": "running", "gpu_indexes": [0, 1],
       "computed_resource_claim": {"ram": 455165112, "vram": {"0": 22912443392, "1": 22911897600}, "offload_layers": 81, "total_layers": 81}},
      {"id": 2, "name": "test-2", "model_id": 1, "worker_id": 3, "state": "running", "gpu_indexes": [0, 1],
       "computed_resource_claim": {"ram": 1093245112, "vram": {"0": 16900820992, "1": 16900820992}, "offload_layers": 60, "total_layers": 81}},
      {"id": 3, "name": "test-3", "model_id": 1, "worker_id": 6, "state": "running",
       "computed_resource_claim": {"ram": 3106511032, "offload_layers": 0, "total_layers": 81}})" +
         extra_instances + R"(],
    "scale_down": )" + scale_down + "}";
}

}  // namespace

TEST_CASE("scale-up chain: spread 91.5 / 91.5 + locality 0 / 5 → 96.5 wins") {
  const std::string w4 = worker_json(4, "host-2-4090", 134366732288, "[" + gpu_json(0, 26015170560) + "," + gpu_json(1, 26015170560) + "]");
  const std::string w3 = worker_json(3, "host4080", 67183366144, "[" + gpu_json(0, 17171480576) + "," + gpu_json(1, 17171480576) + "]");
  ScheduleResult r = schedule(scenario_from(R"({"model": {"id": 1, "source": "huggingface", "huggingface_repo_id": "a/b"},
    "workers": [)" + w4 + "," + w3 + R"(],
    "model_instances": [{"id": 1, "model_id": 1, "worker_id": 4}, {"id": 2, "model_id": 1, "worker_id": 3}],
    "model_files": [{"worker_id": 3, "state": "ready", "source": "huggingface", "huggingface_repo_id": "a/b"}],
    "candidates": [{"worker_id": 4, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 1}}},
                   {"worker_id": 3, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 1}}}]})"));
  REQUIRE(r.candidates.size() == 2);
  CHECK(r.candidates[0].scores[0].second == 91.5);
  CHECK(r.candidates[0].scores[1].second == 0.0);
  CHECK(r.candidates[1].score == 96.5);
  CHECK(r.selected == std::optional<std::size_t>(1));
  const Json& scoring = r.trace.root()["scoring"];
  REQUIRE(scoring.size() == 3);
  CHECK(scoring[0]["scorer"] == "placement");
  CHECK(scoring[1]["scorer"] == "model_file_locality");
  CHECK(scoring[2]["chain"] == "scale_up");
}

TEST_CASE("scale-up chain: binpack 33.3333 / 30.3030 + locality 0 / 5 → 33.3333 / 35.3030, locality flips the pick") {
  ScheduleResult r = schedule(scenario_from(R"({"model": {"id": 1, "placement_strategy": "binpack", "source": "huggingface", "huggingface_repo_id": "a/b"},
    "workers": [)" + worker_json(1, "a", 0, gpus1(100)) +
                                            "," + worker_json(2, "b", 0, gpus1(110)) + R"(],
    "model_files": [{"worker_id": 2, "state": "ready", "source": "huggingface", "huggingface_repo_id": "a/b"}],
    "candidates": [{"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 50}}},
                   {"worker_id": 2, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 50}}}]})"));
  REQUIRE(r.candidates.size() == 2);
  CHECK(r.candidates[0].score == 33.333333333333336);
  CHECK(r.candidates[1].scores[0].second == Approx(30.3030).epsilon(1e-5));
  CHECK(r.candidates[1].score == Approx(35.3030).epsilon(1e-5));
  CHECK(r.selected == std::optional<std::size_t>(1));
}

TEST_CASE("scale-up chain: equal totals are marked as ties; the pick keeps the first (Q9)") {
  ScheduleResult r = schedule(scenario_from(R"({"model": {"id": 1, "placement_strategy": "binpack"},
    "workers": [)" + worker_json(1, "a", 0, gpus1(100)) +
                                            "," + worker_json(2, "b", 0, gpus1(100)) + R"(],
    "candidates": [{"worker_id": 1, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 50}}},
                   {"worker_id": 2, "gpu_indexes": [0], "computed_resource_claim": {"ram": 0, "vram": {"0": 50}}}]})"));
  CHECK(r.selected == std::optional<std::size_t>(0));
  CHECK(r.trace.root()["scoring"][2]["ties"] == Json::parse("[[0, 1]]"));
}

TEST_CASE("scale-up chain: a binpack reference error ends with no candidate") {
  ScheduleResult r = schedule(scenario_from(R"({"model": {"id": 1, "placement_strategy": "binpack"},
    "workers": [)" + worker_json(1, "a", 0, "[]") + R"(],
    "candidates": [{"worker_id": 1, "computed_resource_claim": {"ram": 10}}]})"));
  CHECK_FALSE(r.selected);
  CHECK(r.trace.root()["error"]["kind"] == "reference_error");
  CHECK(r.trace.root()["error"]["stage"] == "scoring");
  CHECK(r.trace.root()["error"]["values"]["candidate"] == 0);
}

TEST_CASE("scale-down worked example: 10.5883 / 100.0452 / 108.0690 → delete test-1, test-3") {
  ScaleDownResult r = scale_down(scenario_from(controller_scenario(R"({"replicas": 1})")));
  REQUIRE(r.ranking.size() == 3);
  CHECK(r.ranking[0].instance_id == 1);
  CHECK(r.ranking[0].score == 10.58828511417554);
  CHECK(r.ranking[0].scores[2].second == 0.5882851141755391);
  CHECK(r.ranking[1].instance_id == 3);
  CHECK(r.ranking[1].score == 100.04520568519365);
  CHECK(r.ranking[2].instance_id == 2);
  CHECK(r.ranking[2].scores[1].second == 7.4074074074074066);
  CHECK(r.ranking[2].scores[2].second == 0.6615827470168413);
  CHECK(r.ranking[2].score == 108.06899015442424);
  CHECK(r.to_delete == std::vector<std::int64_t>{1, 3});
  // Every instance lacks nothing: no Q8; no other model shares a worker: no Q6.
  CHECK(r.trace.root()["quirks"].empty());
}

TEST_CASE("scale-down chain with total_max_score rescales the sum by T / 111") {
  ScaleDownResult plain = scale_down(scenario_from(controller_scenario(R"({"replicas": 1})")));
  ScaleDownResult scaled = scale_down(scenario_from(controller_scenario(R"({"replicas": 1, "total_max_score": 100})")));
  REQUIRE(scaled.ranking.size() == 3);
  CHECK(scale_down_factor(100.0) == 100.0 / 111.0);
  CHECK(scale_down_factor(std::nullopt) == 1.0);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(scaled.ranking[i].instance_id == plain.ranking[i].instance_id);
    CHECK(scaled.ranking[i].score == plain.ranking[i].score * (100.0 / 111.0));
    CHECK(scaled.ranking[i].scores == plain.ranking[i].scores);  // per-scorer scores are not rescaled
  }
}

TEST_CASE("scale-down chain with real scorers (GPUStack's score-chain test)") {
  ScaleDownResult r = scale_down(scenario_from(R"({"model": {"id": 1, "placement_strategy": "binpack"},
    "workers": [)" + worker_json(4, "a", 1100, "[]") +
                                               "," + worker_json(3, "b", 2050, "[]", "not_ready") + R"(],
    "model_instances": [
      {"id": 1, "name": "i1", "model_id": 1, "worker_id": 4, "state": "running",
       "computed_resource_claim": {"ram": 100, "vram": {}, "offload_layers": 10, "total_layers": 10}},
      {"id": 2, "name": "i2", "model_id": 1, "worker_id": 3, "state": "running",
       "computed_resource_claim": {"ram": 50, "vram": {}, "offload_layers": 0, "total_layers": 10}}],
    "scale_down": {"replicas": 1}})"));
  REQUIRE(r.ranking.size() == 2);
  CHECK(r.ranking[0].instance_id == 2);
  CHECK(r.ranking[0].score == 0.024390243902439025);
  CHECK(r.ranking[1].score == 110.0909090909091);
  CHECK(r.to_delete == std::vector<std::int64_t>{2});
}

TEST_CASE("scale-down reference errors give an empty ranking recorded in trace.error") {
  struct Row {
    const char* rule;
    std::string instance;
  };
  const std::vector<Row> rows = {
      {"known worker, null claim", R"(, {"id": 9, "name": "x", "model_id": 1, "worker_id": 6, "state": "running"})"},
      {"CPU instance with a null RAM", R"(, {"id": 9, "name": "x", "model_id": 1, "worker_id": 6, "state": "running",
          "computed_resource_claim": {"vram": {}}})"},
      {"an unknown subordinate", R"(, {"id": 9, "name": "x", "model_id": 1, "worker_id": 3, "state": "running", "gpu_indexes": [0],
          "computed_resource_claim": {"ram": 1, "vram": {"0": 1}},
          "distributed_servers": {"subordinate_workers": [{"worker_id": 77, "gpu_indexes": [0],
            "computed_resource_claim": {"ram": 0, "vram": {"0": 1}}}]}})"},
      {"a subordinate with a null claim", R"(, {"id": 9, "name": "x", "model_id": 1, "worker_id": 3, "state": "running", "gpu_indexes": [0],
          "computed_resource_claim": {"ram": 1, "vram": {"0": 1}},
          "distributed_servers": {"subordinate_workers": [{"worker_id": 6, "gpu_indexes": []}]}})"},
  };
  for (const Row& row : rows) {
    SECTION(row.rule) {
      ScaleDownResult r = scale_down(scenario_from(controller_scenario(R"({"replicas": 1})", row.instance)));
      CHECK(r.ranking.empty());
      CHECK(r.to_delete.empty());
      CHECK(r.trace.root()["error"]["kind"] == "reference_error");
      CHECK(r.trace.root()["error"]["stage"] == "scoring");
    }
  }
  SECTION("the same null claim under spread is no error") {
    ScaleDownResult r = scale_down(scenario_from(controller_scenario(
        R"({"replicas": 1})", R"(, {"id": 9, "name": "x", "model_id": 1, "worker_id": 6, "state": "running"})", "spread")));
    CHECK(r.ranking.size() == 4);
    CHECK(r.trace.root()["error"].is_null());
  }
}

TEST_CASE("scale-down edge cases (§7.4)") {
  SECTION("an unknown worker scores 0 for status and placement; offload still counts") {
    ScaleDownResult r = scale_down(scenario_from(controller_scenario(
        R"({"replicas": 1})", R"(, {"id": 9, "name": "ghost", "model_id": 1, "worker_id": 99, "state": "running",
          "computed_resource_claim": {"ram": 5, "offload_layers": 81, "total_layers": 81}})")));
    REQUIRE(r.ranking.size() == 4);
    CHECK(r.ranking[0].instance_id == 9);  // 0 + 10 + 0 ranks below test-1's 10.5883
    CHECK(r.ranking[0].scores[0].second == 0.0);
    CHECK(r.ranking[0].scores[1].second == 10.0);
    CHECK(r.ranking[0].scores[2].second == 0.0);
  }
  SECTION("model.id null: nothing is ranked") {
    ScaleDownResult r = scale_down(scenario_from(R"({"model": {"name": "m"}, "workers": [],
      "model_instances": [{"id": 1, "model_id": null, "state": "running"}], "scale_down": {"replicas": 0}})"));
    CHECK(r.ranking.empty());
    CHECK(r.trace.root()["scoring"][0]["why"] == "model_id_null");
  }
  SECTION("no instance of the model: empty ranking") {
    ScaleDownResult r = scale_down(scenario_from(R"({"model": {"id": 5}, "workers": [],
      "model_instances": [{"id": 1, "model_id": 2, "state": "running"}], "scale_down": {"replicas": 0}})"));
    CHECK(r.ranking.empty());
    CHECK(r.trace.root()["error"].is_null());
  }
  SECTION("other models on a ranked worker are ignored (Q6); non-GGUF claims score offload 0 (Q8)") {
    ScaleDownResult r = scale_down(scenario_from(controller_scenario(
        R"({"replicas": 1})", R"(, {"id": 9, "name": "other", "model_id": 2, "worker_id": 3, "state": "running",
          "gpu_indexes": [0], "computed_resource_claim": {"ram": 5, "vram": {"0": 5}}},
          {"id": 10, "name": "vllm", "model_id": 1, "worker_id": 6, "state": "running", "computed_resource_claim": {"ram": 5}})")));
    REQUIRE(r.ranking.size() == 4);  // model 2's instance is not ranked
    std::vector<std::string> quirks;
    for (const auto& q : r.trace.root()["quirks"]) quirks.push_back(q["id"]);
    CHECK(quirks == std::vector<std::string>{"Q8", "Q6"});
    // Instance 2's placement is unchanged by model 2's claim on its worker.
    for (const auto& e : r.ranking)
      if (e.instance_id == 2) CHECK(e.scores[2].second == 0.6615827470168413);
  }
  SECTION("equal scores keep scenario order (stable sort, Q9)") {
    ScaleDownResult r = scale_down(scenario_from(R"({"model": {"id": 1}, "workers": [)" + worker_json(1, "w", 1000, "[]") + R"(],
      "model_instances": [
        {"id": 7, "name": "b", "model_id": 1, "worker_id": 1, "state": "running"},
        {"id": 3, "name": "a", "model_id": 1, "worker_id": 1, "state": "running"}],
      "scale_down": {"replicas": 1}})"));
    REQUIRE(r.ranking.size() == 2);
    CHECK(r.ranking[0].instance_id == 7);
    CHECK(r.to_delete == std::vector<std::int64_t>{7});
    const Json& chain = r.trace.root()["scoring"].back();
    CHECK(chain["ties"] == Json::parse("[[7, 3]]"));
    CHECK(r.trace.root()["quirks"].back()["id"] == "Q9");
  }
}
