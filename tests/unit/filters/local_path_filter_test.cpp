// F6 local path filter (scheduler-rules.md §2), one row per rule.
#include <catch2/catch.hpp>

#include "filter_test_support.h"

using namespace placement;
using namespace placement::filter_test;

namespace {
Json local_model(bool with_ids) {
  Json m{{"name", "m"}, {"source", "local_path"}, {"local_path", "/models/qwen"}, {"backend", "Custom"}};
  if (with_ids) m["gpu_selector"] = {{"gpu_ids", {"w1:cuda:0", "w2:cuda:0", "w3:cuda:0", "w4:cuda:0", "w5:cuda:0"}}};
  return m;
}
}  // namespace

TEST_CASE("local path filter rules") {
  struct Row {
    const char* rule;
    Json model;
    Json local_paths;  // of worker w1
    const char* status;
    bool pass;
    const char* code;
  };
  const Row rows[] = {
      {"not a local-path model", custom_model(), nullptr, "not_applied", true, "not_applied"},
      {"local path without selected GPUs", local_model(false), nullptr, "not_applied", true, "not_applied"},
      {"the path exists on the worker", local_model(true), Json::array({"/other", "/models/qwen"}), "applied", true, "path_present"},
      {"the worker reports other paths", local_model(true), Json::array({"/other"}), "applied", false, "path_missing"},
      {"the worker reports nothing: counted as missing", local_model(true), nullptr, "applied", false, "path_unreported"},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    Json extra = Json::object();
    if (!row.local_paths.is_null()) extra["local_paths"] = row.local_paths;
    FilterRun run = run_filters(Json::array({worker(1, "w1", extra)}), row.model);
    CHECK(run.record("local_path")["status"] == row.status);
    const Json& e = run.worker_entry("local_path", "w1");
    CHECK(e["pass"] == row.pass);
    CHECK(e["code"] == row.code);
    CHECK(run.messages("local_path").size() == (row.pass ? 0u : 1u));
  }
}

TEST_CASE("local path filter: the message names the first three failed workers, sorted, and the rest as a count") {
  Json workers = Json::array({worker(5, "w5"), worker(3, "w3"), worker(1, "w1", {{"local_paths", {"/models/qwen"}}}), worker(4, "w4"),
                              worker(2, "w2")});
  FilterRun run = run_filters(workers, local_model(true));
  CHECK(run.kept_names() == std::vector<std::string>{"w1"});
  auto msgs = run.messages("local_path");
  REQUIRE(msgs.size() == 1);
  CHECK(msgs[0]["path"] == "/models/qwen");
  CHECK(msgs[0]["workers"] == Json({"w2", "w3", "w4"}));
  CHECK(msgs[0]["more"] == 1);
}
