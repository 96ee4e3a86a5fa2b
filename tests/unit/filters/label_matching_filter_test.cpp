// F3 label matching filter (scheduler-rules.md §2), one row per rule.
#include <catch2/catch.hpp>

#include "filter_test_support.h"

using namespace placement;
using namespace placement::filter_test;

TEST_CASE("label matching filter rules") {
  struct Row {
    const char* rule;
    Json selector;
    Json labels;
    bool pass;
    const char* code;
    Json data;
    const char* status;
  };
  const Row rows[] = {
      {"no selector: not applied", nullptr, Json{{"gpu", "a100"}}, true, "not_applied", Json::object(), "not_applied"},
      {"empty selector applies and keeps everyone", Json::object(), Json::object(), true, "labels_match", Json::object(), "applied"},
      {"all keys present and equal", Json{{"gpu", "a100"}, {"zone", "x"}}, Json{{"zone", "x"}, {"gpu", "a100"}, {"os", "linux"}}, true,
       "labels_match", Json::object(), "applied"},
      {"a key absent", Json{{"gpu", "a100"}}, Json{{"os", "linux"}}, false, "label_missing", Json{{"key", "gpu"}}, "applied"},
      {"a value differs", Json{{"gpu", "a100"}}, Json{{"gpu", "h100"}}, false, "label_mismatch",
       Json{{"key", "gpu"}, {"want", "a100"}, {"have", "h100"}}, "applied"},
      {"the first failing key is reported", Json{{"zone", "x"}, {"gpu", "a100"}}, Json{{"gpu", "h100"}}, false, "label_missing",
       Json{{"key", "zone"}}, "applied"},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    Json model = custom_model();
    if (!row.selector.is_null()) model["worker_selector"] = row.selector;
    FilterRun run = run_filters(Json::array({worker(1, "w1", Json{{"labels", row.labels}})}), model);
    const Json& e = run.worker_entry("labels", "w1");
    CHECK(e["pass"] == row.pass);
    CHECK(e["code"] == row.code);
    CHECK(e["data"] == row.data);
    CHECK(run.record("labels")["status"] == row.status);
    // GPUStack's line only when somebody was removed.
    CHECK(run.messages("labels").size() == (row.pass ? 0u : 1u));
  }
}

TEST_CASE("label matching filter: summary and the Linux-only note of the effective backend") {
  struct Row {
    const char* rule;
    Json backend;
    Json note;
    bool q17;
  };
  const Row rows[] = {
      {"vLLM", "vLLM", "vllm_linux_only", false},
      {"MindIE", "MindIE", "mindie_linux_only", false},
      {"SGLang has no note", "SGLang", nullptr, false},
      {"null backend is vLLM for filters (Q17)", nullptr, "vllm_linux_only", true},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    Json model = custom_model(Json{{"backend", row.backend}, {"worker_selector", {{"gpu", "a100"}}}});
    Json workers = Json::array({worker(1, "w1", Json{{"labels", {{"gpu", "a100"}}}}), worker(2, "w2")});
    // A catalogue that keeps everyone so only F3 removes workers.
    Json backends = Json::array();
    for (const char* b : {"vLLM", "MindIE", "SGLang"})
      backends.push_back(Json{{"backend_name", b}, {"version_configs", {{"1.0", {{"built_in_frameworks", {"cpu"}}}}}}});
    FilterRun run = run_filters(workers, model, Json{{"inference_backends", backends}});
    auto msgs = run.messages("labels");
    REQUIRE(msgs.size() == 1);
    CHECK(msgs[0]["matched"] == 1);
    CHECK(msgs[0]["of"] == 2);
    CHECK(msgs[0]["selector"] == Json{{"gpu", "a100"}});
    CHECK(msgs[0]["note"] == row.note);
    CHECK(run.has_quirk("Q17") == row.q17);
  }
}
