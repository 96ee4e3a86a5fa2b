// F2 GPU matching filter (scheduler-rules.md §2), one row per rule.
#include <catch2/catch.hpp>

#include "filter_test_support.h"

using namespace placement;
using namespace placement::filter_test;

TEST_CASE("gpu matching filter rules") {
  struct Row {
    const char* rule;
    Json gpu_selector;
    std::vector<std::string> kept;
    const char* status;
    std::vector<std::string> absent;
    bool message;
  };
  const Row rows[] = {
      {"no gpu_selector: not applied, everyone kept", nullptr, {"w1", "w2", "a:b"}, "not_applied", {}, false},
      {"empty gpu_ids: not applied", Json{{"gpu_ids", Json::array()}}, {"w1", "w2", "a:b"}, "not_applied", {}, false},
      {"only the named worker stays", Json{{"gpu_ids", {"w2:cuda:0", "w2:cuda:1"}}}, {"w2"}, "applied", {}, true},
      {"worker names may hold colons (name = text before the last two)", Json{{"gpu_ids", {"a:b:cuda:0"}}}, {"a:b"}, "applied", {}, true},
      {"named workers missing from the input are listed, sorted", Json{{"gpu_ids", {"zeta:cuda:0", "w1:cuda:0", "alpha:rocm:1"}}},
       {"w1"}, "applied", {"alpha", "zeta"}, true},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    Json model = custom_model();
    if (!row.gpu_selector.is_null()) model["gpu_selector"] = row.gpu_selector;
    FilterRun run = run_filters(Json::array({worker(1, "w1"), worker(2, "w2"), worker(3, "a:b")}), model);
    CHECK(run.kept_names() == row.kept);
    const Json& rec = run.record("gpu_selector");
    CHECK(rec["status"] == row.status);
    auto msgs = run.messages("gpu_selector");
    CHECK(msgs.size() == (row.message ? 1u : 0u));
    if (row.message) {
      CHECK(msgs[0]["matched"] == row.kept.size());
      CHECK(msgs[0]["absent"] == Json(row.absent));
      CHECK(rec["summary"]["absent"] == Json(row.absent));
    }
  }
}

TEST_CASE("gpu matching filter: verdict codes and the selected ids per worker") {
  Json model = custom_model(Json{{"gpu_selector", {{"gpu_ids", {"w2:cuda:0", "w2:rocm:1"}}}}});
  FilterRun run = run_filters(Json::array({worker(1, "w1"), worker(2, "w2")}), model);
  CHECK(run.worker_entry("gpu_selector", "w1")["code"] == "not_in_gpu_selector");
  const Json& w2 = run.worker_entry("gpu_selector", "w2");
  CHECK(w2["code"] == "in_gpu_selector");
  CHECK(w2["data"]["gpu_ids"] == Json({"w2:cuda:0", "w2:rocm:1"}));
}
