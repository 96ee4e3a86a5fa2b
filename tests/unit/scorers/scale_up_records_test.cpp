// The scale-up chain's scorer records (scheduler-rules.md §6.4): each writes its head members in
// the contract's order, then its lists; the locality record carries the scorer's facts (sources,
// ready sets, the draft with Q29) and the chain record its tie groups (Q9).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "scorer_test_support.h"
#include "scorers/scale_up_records.h"
#include "trace/trace_test_support.h"

using namespace placement;
using namespace placement::test;

namespace {

std::vector<std::string> keys_of(const Json& j) {
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  return keys;
}

std::string hf_file(int worker, const std::string& repo) {
  return R"({"worker_id": )" + std::to_string(worker) + R"(, "state": "ready", "source": "huggingface", "huggingface_repo_id": ")" +
         repo + R"("})";
}

Scenario locality_scenario(const std::string& model) {
  return scenario_from(R"({"model": )" + model + R"(, "workers": [)" + worker_json(6, "w6", 1000, "[]") + "," +
                       worker_json(7, "w7", 1000, "[]") + R"(], "model_files": [)" + hf_file(7, "a/b") + "," + hf_file(6, "a/b") +
                       "," + hf_file(6, "c/d") + "]}");
}

}  // namespace

TEST_CASE("scale-up records: binpack lists its candidates numbered after the head", "[scorers][trace]") {
  BinpackUpRecord rec;
  rec.candidates.items.resize(2);
  const Json j = rec.to_json();
  CHECK(keys_of(j) == std::vector<std::string>{"scorer", "strategy", "scale", "max", "candidates"});
  CHECK(j["scorer"] == "placement");
  CHECK(j["strategy"] == "binpack");
  CHECK(j["scale"] == "scale_up");
  CHECK(j["max"] == 100.0);
  REQUIRE(j["candidates"].size() == 2);
  CHECK(j["candidates"][1]["candidate"] == 1);
  CHECK(testing::text_of(rec) == j.dump(2));
}

TEST_CASE("scale-up records: spread writes model_id_set, counts and stats before the candidates", "[scorers][trace]") {
  SpreadUpRecord rec;
  rec.model_id_set = true;
  rec.counts = {WorkerSpreadCounts{6, SpreadCount{2, 1}, {{0, SpreadCount{1, 0}}}}};
  rec.stats = SpreadStats{3, false, 1, 4, 0, 2};
  rec.candidates.items.resize(1);
  const Json j = rec.to_json();
  CHECK(keys_of(j) == std::vector<std::string>{"scorer", "strategy", "scale", "max", "model_id_set", "counts", "stats", "candidates"});
  CHECK(j["strategy"] == "spread");
  CHECK(j["model_id_set"] == true);
  CHECK(j["counts"] == Json::array({Json{{"worker_id", 6},
                                         {"current", 2},
                                         {"others", 1},
                                         {"gpus", Json::array({Json{{"index", 0}, {"current", 1}, {"others", 0}}})}}}));
  CHECK(j["stats"] == Json{{"workers", 3}, {"any_zero_current", false}, {"min_current", 1},
                           {"max_current", 4}, {"min_others", 0}, {"max_others", 2}});
  CHECK(j["candidates"].size() == 1);
}

TEST_CASE("scale-up records: locality facts, row by row", "[scorers][trace]") {
  struct Row {
    const char* name;
    std::string model;
    Json draft_resolution;  // null: no draft object
    bool q29;
    Json ready_draft;
  };
  const std::string hf = R"("id": 1, "source": "huggingface", "huggingface_repo_id": "a/b")";
  const std::vector<Row> rows = {
      {"no draft", "{" + hf + "}", nullptr, false, Json::array()},
      {"a draft of the same kind", "{" + hf + R"(, "speculative_config": {"enabled": true, "draft_model": "c/d"}})",
       "same_source_kind", false, Json::array({6})},
      {"a disabled draft is scored anyway (Q29)", "{" + hf + R"(, "speculative_config": {"enabled": false, "draft_model": "c/d"}})",
       "same_source_kind", true, Json::array({6})},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      const Scenario s = locality_scenario(row.model);
      const LocalityRecord rec(ModelFileLocalityScorer(s, s.model));
      const Json j = rec.to_json();
      CHECK(keys_of(j) == std::vector<std::string>{"scorer", "max", "main_source", "ready_main", "draft", "ready_draft", "candidates"});
      CHECK(j["scorer"] == "model_file_locality");
      CHECK(j["max"] == 5.0);
      CHECK(j["main_source"].is_string());
      CHECK(j["ready_main"] == Json::array({6, 7}));  // ascending
      CHECK(j["ready_draft"] == row.ready_draft);
      if (row.draft_resolution.is_null()) {
        CHECK(j["draft"].is_null());
      } else {
        CHECK(keys_of(j["draft"]).size() == (row.q29 ? 5u : 4u));
        CHECK(j["draft"]["draft_model"] == "c/d");
        CHECK(j["draft"]["source"].is_string());
        CHECK(j["draft"]["resolution"] == row.draft_resolution);
        CHECK(j["draft"]["note"] == "draft_catalogue_not_modelled");
        CHECK(j["draft"].contains("quirks") == row.q29);
      }
    }
  }
}

TEST_CASE("scale-up records: the chain's totals and tie groups", "[scorers][trace]") {
  struct Row {
    const char* name;
    std::vector<std::vector<std::size_t>> ties;
    Json want;
  };
  const std::vector<Row> rows = {
      {"no ties", {}, Json::array()},
      {"two groups", {{0, 2}, {1, 3, 4}}, Json::array({Json::array({0, 2}), Json::array({1, 3, 4})})},
  };
  for (const Row& row : rows) {
    SECTION(row.name) {
      ScaleUpChainRecord rec;
      rec.totals.rows.push_back(ScaleUpTotal{"w", 50.0, 5.0, 55.0});
      rec.ties = row.ties;
      const Json j = rec.to_json();
      CHECK(keys_of(j) == std::vector<std::string>{"scorer", "chain", "totals", "ties"});
      CHECK(j["chain"] == "scale_up");
      CHECK(j["totals"][0] == Json{{"candidate", 0}, {"worker_name", "w"}, {"placement", 50.0}, {"model_file_locality", 5.0}, {"total", 55.0}});
      CHECK(j["ties"] == row.want);
    }
  }
}
