// Model-file locality (scheduler-rules.md §4.4): worked examples and each rule.
#include <catch2/catch.hpp>

#include "scorers/model_file_locality_scorer.h"
#include "scorer_test_support.h"

using namespace placement;
using namespace placement::test;

namespace {

std::string scenario_text(const std::string& model, const std::string& files, const std::string& candidates) {
  return R"({"model": )" + model + R"(, "workers": [)" + worker_json(6, "cpu-1", 1000, "[]") + "," +
         worker_json(7, "cpu-2", 1000, "[]") + R"(], "model_files": [)" + files + R"(], "candidates": [)" + candidates + "]}";
}

const std::string kHfModel = R"({"id": 1, "source": "huggingface", "huggingface_repo_id": "a/b"})";
const std::string kOnSix = R"({"worker_id": 6, "gpu_indexes": [], "computed_resource_claim": {"ram": 0}})";
const std::string kSixAndSeven = R"({"worker_id": 6, "gpu_indexes": [],
    "subordinate_workers": [{"worker_id": 7, "gpu_indexes": []}]})";

std::string hf_file(int worker, const std::string& repo, const std::string& state = "ready") {
  return R"({"worker_id": )" + std::to_string(worker) + R"(, "state": ")" + state +
         R"(", "source": "huggingface", "huggingface_repo_id": ")" + repo + R"("})";
}

double score(const std::string& json, Trace* trace = nullptr, Json* rec_out = nullptr) {
  Scenario s = scenario_from(json);
  ModelFileLocalityScorer scorer(s, s.model, 5.0, trace);
  LocalityItem item;
  double v = scorer.score(s.candidates->at(0), item);
  if (rec_out) *rec_out = test::members_json(item);
  return v;
}

}  // namespace

TEST_CASE("locality worked examples") {
  SECTION("main file ready on the worker, no draft anywhere → 5.0") {
    CHECK(score(scenario_text(kHfModel, hf_file(6, "a/b"), kOnSix)) == 5.0);
  }
  SECTION("only the draft ready on the workers → 1.6667") {
    const std::string model = R"({"id": 1, "source": "huggingface", "huggingface_repo_id": "a/b",
        "speculative_config": {"enabled": true, "draft_model": "c/d"}})";
    CHECK(score(scenario_text(model, hf_file(6, "c/d"), kOnSix)) == 1.6666666666666665);  // (0 + 0.5) / 1.5 x 5
  }
  SECTION("one of two workers main-ready → 2.5") {
    Json rec;
    CHECK(score(scenario_text(kHfModel, hf_file(6, "a/b"), kSixAndSeven), nullptr, &rec) == 2.5);
    CHECK(rec["workers"] == Json::array({6, 7}));
    CHECK(rec["main_ratio"] == 0.5);
  }
  SECTION("main on one worker, draft on the other → average 2.5") {
    const std::string model = R"({"id": 1, "source": "huggingface", "huggingface_repo_id": "a/b",
        "speculative_config": {"enabled": true, "draft_model": "c/d"}})";
    CHECK(score(scenario_text(model, hf_file(6, "a/b") + "," + hf_file(7, "c/d"), kSixAndSeven)) == 2.5);
  }
  SECTION("no ready file → 0") { CHECK(score(scenario_text(kHfModel, "", kOnSix)) == 0.0); }
}

TEST_CASE("locality ready-set rules, row by row") {
  struct Row {
    const char* rule;
    std::string model, files;
    double expected;
  };
  const std::string local = R"({"id": 1, "source": "local_path", "local_path": "/models/x"})";
  const std::vector<Row> rows = {
      {"a downloading file is not ready", kHfModel, hf_file(6, "a/b", "downloading"), 0.0},
      {"a file on another worker does not count", kHfModel, hf_file(7, "a/b"), 0.0},
      {"another source does not count", kHfModel, hf_file(6, "a/c"), 0.0},
      {"a file without a worker does not count", kHfModel,
       R"({"state": "ready", "source": "huggingface", "huggingface_repo_id": "a/b"})", 0.0},
      {"the HF file name is part of the source",
       R"({"id": 1, "source": "huggingface", "huggingface_repo_id": "a/b", "huggingface_filename": "f.gguf"})",
       hf_file(6, "a/b"), 0.0},
      {"a local path matches the same path", local, R"({"worker_id": 6, "state": "ready", "source": "local_path", "local_path": "/models/x"})",
       5.0},
      {"a local path matches a resolved path", local,
       R"({"worker_id": 6, "state": "ready", "source": "huggingface", "huggingface_repo_id": "q/r", "resolved_paths": ["/models/x"]})", 5.0},
      {"ModelScope sources carry their prefix", R"({"id": 1, "source": "model_scope", "model_scope_model_id": "a/b"})",
       R"({"worker_id": 6, "state": "ready", "source": "model_scope", "model_scope_model_id": "a/b"})", 5.0},
  };
  for (const Row& row : rows) {
    SECTION(row.rule) { CHECK(score(scenario_text(row.model, row.files, kOnSix)) == row.expected); }
  }
}

TEST_CASE("draft source resolution") {
  struct Row {
    const char* rule;
    std::string model;
    std::string how;
    std::string source;  // empty = none
  };
  const std::vector<Row> rows = {
      {"not set", kHfModel, "not_set", ""},
      {"a path is a local path", R"({"source": "huggingface", "huggingface_repo_id": "a/b", "speculative_config": {"draft_model": "/d"}})",
       "local_path", "/d"},
      {"otherwise the model's source kind (HF)",
       R"({"source": "huggingface", "huggingface_repo_id": "a/b", "speculative_config": {"draft_model": "c/d"}})", "same_source_kind",
       "c/d"},
      {"otherwise the model's source kind (ModelScope)",
       R"({"source": "model_scope", "model_scope_model_id": "a/b", "speculative_config": {"draft_model": "c/d"}})", "same_source_kind",
       "model_scope/c/d"},
      {"a local model with a non-path draft has none",
       R"({"source": "local_path", "local_path": "/m", "speculative_config": {"draft_model": "c/d"}})", "local_model_non_path", ""},
  };
  for (const Row& row : rows) {
    SECTION(row.rule) {
      Model m = load_model(Json::parse(row.model), "/model");
      DraftResolution d = resolve_draft_source(m);
      CHECK(d.how == row.how);
      CHECK(d.source.has_value() == !row.source.empty());
      if (d.source) CHECK(source_string(*d.source) == row.source);
    }
  }
}

TEST_CASE("draft locality ignores speculative_config.enabled (Q29)") {
  const std::string model = R"({"id": 1, "source": "huggingface", "huggingface_repo_id": "a/b",
      "speculative_config": {"enabled": false, "draft_model": "c/d"}})";
  Trace trace;
  CHECK(score(scenario_text(model, hf_file(6, "c/d"), kOnSix), &trace) == 1.6666666666666665);
  REQUIRE(trace.root()["quirks"].size() == 1);
  CHECK(trace.root()["quirks"][0]["id"] == "Q29");
}
