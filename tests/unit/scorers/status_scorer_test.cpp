// Status scorer (scheduler-rules.md §4.5): one row per rule.
#include <catch2/catch.hpp>

#include "scorers/status_scorer.h"
#include "scorer_test_support.h"

using namespace placement;
using namespace placement::test;

TEST_CASE("status scorer rules, row by row") {
  struct Row {
    const char* rule;
    std::string worker_state;
    std::string instance;  // JSON
    double expected;
    const char* code;
  };
  const std::vector<Row> rows = {
      {"ready worker, running instance → max", "ready", R"({"id": 1, "model_id": 1, "worker_id": 1, "state": "running"})", 100.0,
       "ready_and_running"},
      {"ready worker, starting instance → half", "ready", R"({"id": 1, "model_id": 1, "worker_id": 1, "state": "starting"})", 50.0,
       "other"},
      {"ready worker, error instance → 0", "ready", R"({"id": 1, "model_id": 1, "worker_id": 1, "state": "error"})", 0.0,
       "instance_error"},
      {"not_ready worker → 0 even when running", "not_ready", R"({"id": 1, "model_id": 1, "worker_id": 1, "state": "running"})", 0.0,
       "worker_not_ready"},
      {"unreachable worker, running → half (only not_ready zeroes)", "unreachable",
       R"({"id": 1, "model_id": 1, "worker_id": 1, "state": "running"})", 50.0, "other"},
      {"maintenance worker, error instance → 0", "maintenance", R"({"id": 1, "model_id": 1, "worker_id": 1, "state": "error"})", 0.0,
       "instance_error"},
      {"no worker → 0", "ready", R"({"id": 1, "model_id": 1, "state": "running"})", 0.0, "no_worker"},
      {"unknown worker → 0", "ready", R"({"id": 1, "model_id": 1, "worker_id": 5, "state": "running"})", 0.0, "unknown_worker"},
  };
  for (const Row& row : rows) {
    SECTION(row.rule) {
      std::vector<Worker> workers{load_worker(Json::parse(worker_json(1, "w", 1000, "[]", row.worker_state)), "/w")};
      WorkerLookup lookup(workers);
      ModelInstance inst = load_instance(Json::parse(row.instance), "/i");
      StatusItem item;
      CHECK(status_score(inst, lookup, 100.0, item) == row.expected);
      CHECK(std::string(item.rule) == row.code);
    }
  }
}
