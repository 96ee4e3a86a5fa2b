// The manual strategy's typed extras: `attempts` (each try's shape) and `selection`, member by member.
#include <catch2/catch.hpp>

#include "fit/common/manual_attempts.h"
#include "fit/common/manual_selection_record.h"
#include "trace/trace_test_support.h"

using namespace placement;

TEST_CASE("manual attempts: single-worker and multi-worker tries in order", "[manual][record]") {
  struct Row {
    const char* what;
    ManualAttempt attempt;
    const char* expected;  // compact JSON
  };
  const Row rows[] = {
      {"single worker, too few selected GPUs", {"cuda", ManualSingleWorkerTry{"a", {0}, false, {}, {}, {}}, {}},
       R"({"path":"single_worker","type":"cuda","worker_name":"a","gpu_indexes":[0],"result":"too_few_selected_gpus"})"},
      {"single worker, a candidate", {"cuda", ManualSingleWorkerTry{"a", {0, 1, 2}, true, {2}, {1}, {2, 1}}, {}},
       R"({"path":"single_worker","type":"cuda","worker_name":"a","gpu_indexes":[0,1,2],"satisfied":[2],"unsatisfied":[1],"used":[2,1],"result":"candidate"})"},
      {"multi worker, too few workers", {"rocm", std::nullopt, ManualMultiWorkerTry{1, "", {}, {}}},
       R"({"path":"multi_worker","type":"rocm","result":"too_few_workers","workers":1})"},
      {"multi worker, no subordinate", {"cuda", std::nullopt, ManualMultiWorkerTry{std::nullopt, "a", {0, 1}, {}}},
       R"({"path":"multi_worker","type":"cuda","main":{"worker_name":"a","gpu_indexes":[0,1]},"subordinates":[],"result":"no_subordinate"})"},
      {"multi worker, a candidate",
       {"cuda", std::nullopt, ManualMultiWorkerTry{std::nullopt, "a", {0}, {ManualSubordinateTry{"b", {0, 1}, {1}}}}},
       R"({"path":"multi_worker","type":"cuda","main":{"worker_name":"a","gpu_indexes":[0]},"subordinates":[{"worker_name":"b","selected":[0,1],"assigned":[1]}],"result":"candidate"})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      ManualAttempts attempts;
      attempts.list.push_back(row.attempt);
      const Json tree = json_tree(attempts);
      REQUIRE(tree.size() == 1);
      CHECK(tree[0].dump() == row.expected);
      CHECK(placement::testing::text_of(attempts) == tree.dump(2));
    }
  }
}

TEST_CASE("manual selection record: types, workers, present and missing GPUs", "[manual][record]") {
  struct Row {
    const char* what;
    ManualSelectedType type;
    const char* expected;  // compact JSON of the one type
  };
  const Row rows[] = {
      {"a present worker with a missing GPU", {"cuda", {{"a", true, {0, 3}, {3}}}},
       R"({"type":"cuda","workers":[{"worker_name":"a","present":true,"gpu_indexes":[0,3],"missing_gpus":[3]}]})"},
      {"an absent worker: nothing missing", {"rocm", {{"gone", false, {1}, {}}, {"b", true, {0}, {}}}},
       R"({"type":"rocm","workers":[{"worker_name":"gone","present":false,"gpu_indexes":[1],"missing_gpus":[]},{"worker_name":"b","present":true,"gpu_indexes":[0],"missing_gpus":[]}]})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      ManualSelectionRecord record;
      record.types.push_back(row.type);
      const Json tree = json_tree(record);
      REQUIRE(tree.size() == 1);
      CHECK(tree[0].dump() == row.expected);
      CHECK(placement::testing::text_of(record) == tree.dump(2));
    }
  }
}

TEST_CASE("manual utilisation record: one member per type, a repeated type keeps its place and last value", "[manual][record]") {
  struct Row {
    const char* what;
    std::vector<std::pair<std::string, double>> by_type;
    const char* expected;  // compact JSON
  };
  const Row rows[] = {
      {"none", {}, R"({})"},
      {"the wildcard", {{"*", 0.9}}, R"({"*":0.9})"},
      {"two types in order", {{"cuda", 0.8}, {"rocm", 0.5}}, R"({"cuda":0.8,"rocm":0.5})"},
      {"a repeated type", {{"cuda", 0.8}, {"rocm", 0.5}, {"cuda", 0.7}}, R"({"cuda":0.7,"rocm":0.5})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      ManualUtilisationRecord record;
      record.by_type = row.by_type;
      const Json tree = json_tree(record);
      CHECK(tree.dump() == row.expected);
      CHECK(placement::testing::text_of(record) == tree.dump(2));
    }
  }
}
