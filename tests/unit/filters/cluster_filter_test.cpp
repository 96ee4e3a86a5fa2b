// F1 cluster filter (scheduler-rules.md §2), one row per rule.
#include <catch2/catch.hpp>

#include "filter_test_support.h"

using namespace placement;
using namespace placement::filter_test;

TEST_CASE("cluster filter: worker cluster must equal model cluster, null compared as a value") {
  struct Row {
    const char* rule;
    Json model_cluster;
    Json worker_cluster;
    bool pass;
    const char* code;
    bool q31;
  };
  const Row rows[] = {
      {"both null: equal", nullptr, nullptr, true, "cluster_match", false},
      {"same cluster", 1, 1, true, "cluster_match", false},
      {"different cluster", 1, 2, false, "cluster_mismatch", false},
      {"worker without cluster, model with one", 1, nullptr, false, "cluster_mismatch", false},
      {"model without cluster removes a clustered worker (Q31)", nullptr, 3, false, "cluster_mismatch", true},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    Json w = worker(1, "w1", Json{{"cluster_id", row.worker_cluster}});
    Json keep = worker(2, "keeper", Json{{"cluster_id", row.model_cluster}});
    FilterRun run = run_filters(Json::array({w, keep}), custom_model(Json{{"cluster_id", row.model_cluster}}));
    const Json& entry = run.worker_entry("cluster", "w1");
    CHECK(entry["pass"] == row.pass);
    CHECK(entry["code"] == row.code);
    CHECK(entry["data"]["worker"] == row.worker_cluster);
    CHECK(entry["data"]["model"] == row.model_cluster);
    CHECK(run.has_quirk("Q31") == row.q31);
    const Json& rec = run.record("cluster");
    CHECK(rec["status"] == "applied");
    CHECK(rec["in"] == 2);
    CHECK(rec["kept"] == (row.pass ? 2 : 1));
    // GPUStack's line is written every time.
    auto msgs = run.messages("cluster");
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0]["matched"] == (row.pass ? 2 : 1));
  }
}

TEST_CASE("cluster filter: the exclusion summary line names the filter") {
  FilterRun run = run_filters(Json::array({worker(1, "a", Json{{"cluster_id", 1}}), worker(2, "b", Json{{"cluster_id", 2}})}),
                              custom_model(Json{{"cluster_id", 1}}));
  const Json& lines = run.trace.root()["summary"];
  REQUIRE(lines.size() == 1);
  CHECK(lines[0]["key"] == "excluded_by_filter");
  CHECK(lines[0]["count"] == 1);
  CHECK(lines[0]["of"] == 2);
  CHECK(lines[0]["unit"] == "workers");
  CHECK(lines[0]["params"]["filter"] == "cluster");
}
