// F5 backend framework filter (scheduler-rules.md §2, docs/backend-catalogue.md): the rows' version
// configs, the runner table consulted after them, the default install, one row per rule.
#include <catch2/catch.hpp>

#include "filter_test_support.h"
#include "scenario/errors.h"
#include "scheduler.h"

using namespace placement;
using namespace placement::filter_test;

namespace {

Json backend_row(const std::string& name, Json versions, Json owner = nullptr) {
  return Json{{"backend_name", name}, {"owner_principal_id", owner}, {"version_configs", versions}};
}

Json cuda_worker(std::int64_t id, const std::string& name) { return worker(id, name, Json::object(), Json::array({gpu("cuda", 0)})); }
Json rocm_worker(std::int64_t id, const std::string& name) { return worker(id, name, Json::object(), Json::array({gpu("rocm", 0)})); }
Json ascend_worker(std::int64_t id, const std::string& name, const std::string& chip) {
  return worker(id, name, Json::object(), Json::array({gpu("cann", 0, {{"vendor", "ascend"}, {"arch_family", chip}})}));
}
Json gguf_model(Json extra = Json::object()) {
  Json m{{"name", "g"}, {"source", "huggingface"}, {"huggingface_repo_id", "o/r"}, {"huggingface_filename", "m.gguf"}};
  for (const auto& [k, v] : extra.items()) m[k] = v;
  return m;
}

}  // namespace

TEST_CASE("backend framework filter: version configs of the rows") {
  struct Row {
    const char* rule;
    Json model;
    Json backends;
    Json worker;
    bool pass;
    Json why;  // first reason's why-code when failing
  };
  // MyEngine has no runner service: only its rows decide.
  const Json engine = custom_model(Json{{"backend", "MyEngine"}});
  const Json engine_pinned = custom_model(Json{{"backend", "MyEngine"}, {"backend_version", "0.9.0"}});
  const Json cuda_only = Json::array({backend_row("MyEngine", {{"0.8.0", {{"built_in_frameworks", {"cuda"}}}}})});
  const Row rows[] = {
      {"built-in framework lists the GPU type", engine, cuda_only, cuda_worker(1, "w"), true, nullptr},
      {"GPU type not listed", engine, cuda_only, rocm_worker(1, "w"), false, "no_versions_gpu"},
      {"worker without GPU asks for cpu", engine, cuda_only, worker(1, "w"), false, "no_versions_cpu"},
      {"`cpu` in built_in_frameworks supports every device", engine,
       Json::array({backend_row("MyEngine", {{"0.8.0", {{"built_in_frameworks", {"cpu"}}}}})}), rocm_worker(1, "w"), true, nullptr},
      {"custom_framework equal to the type", engine, Json::array({backend_row("MyEngine", {{"0.8.0", {{"custom_framework", "rocm"}}}})}),
       rocm_worker(1, "w"), true, nullptr},
      {"custom_framework cpu supports every device", engine,
       Json::array({backend_row("MyEngine", {{"0.8.0", {{"custom_framework", "cpu"}}}})}), cuda_worker(1, "w"), true, nullptr},
      {"empty custom_framework supports nothing", engine, Json::array({backend_row("MyEngine", {{"0.8.0", {{"custom_framework", ""}}}})}),
       cuda_worker(1, "w"), false, "no_versions_gpu"},
      {"pinned version absent", engine_pinned, cuda_only, cuda_worker(1, "w"), false, "version_unsupported"},
      {"pinned version present", engine_pinned,
       Json::array({backend_row("MyEngine", {{"0.9.0", {{"built_in_frameworks", {"cuda"}}}}})}), cuda_worker(1, "w"), true, nullptr},
      {"an empty pin pins nothing", custom_model(Json{{"backend", "MyEngine"}, {"backend_version", ""}}), cuda_only, cuda_worker(1, "w"),
       true, nullptr},
      {"row names compare exactly", custom_model(Json{{"backend", "myengine"}}), cuda_only, cuda_worker(1, "w"), false, "no_versions_gpu"},
      {"owner row replaces the platform's same-named version",
       custom_model(Json{{"backend", "MyEngine"}, {"owner_principal_id", 7}}),
       Json::array({backend_row("MyEngine", {{"0.8.0", {{"built_in_frameworks", {"rocm"}}}}}),
                    backend_row("MyEngine", {{"0.8.0", {{"built_in_frameworks", {"cuda"}}}}}, 7)}),
       rocm_worker(1, "w"), false, "no_versions_gpu"},
      {"other owners' rows are ignored", custom_model(Json{{"backend", "MyEngine"}, {"owner_principal_id", 7}}),
       Json::array({backend_row("MyEngine", {{"0.8.0", {{"built_in_frameworks", {"cuda"}}}}}),
                    backend_row("MyEngine", {{"0.8.0", {{"built_in_frameworks", {"rocm"}}}}}, 8)}),
       rocm_worker(1, "w"), false, "no_versions_gpu"},
      {"GGUF without backend checks the Custom row (and no custom runner exists)", gguf_model(),
       Json::array({backend_row("Custom", {{"0.0.0", {{"built_in_frameworks", {"cuda"}}}}})}), rocm_worker(1, "w"), false,
       "no_versions_gpu"},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    FilterRun run = run_filters(Json::array({row.worker}), row.model, Json{{"inference_backends", row.backends}});
    const Json& rec = run.record("backend_framework");
    CHECK(rec["status"] == "applied");
    CHECK(rec["rows"] == "scenario");
    const Json& e = run.worker_entry("backend_framework", "w");
    CHECK(e["pass"] == row.pass);
    CHECK(e["code"] == (row.pass ? "backend_supported" : "backend_unsupported"));
    if (row.pass) CHECK(e["data"]["source"] == "scenario_row");
    if (!row.pass) {
      CHECK(e["data"]["conditions"][0]["why"] == row.why);
      // One GPUStack line per removed worker.
      auto msgs = run.messages("backend_framework");
      REQUIRE(msgs.size() == 1);
      CHECK(msgs[0]["worker"] == "w");
    }
  }
}

TEST_CASE("backend framework filter: rows, then the runner table, in a default install or beside scenario rows") {
  struct Row {
    const char* rule;
    Json model;
    Json extra;
    Json worker;
    Json rows;     // record field `rows`
    bool pass;
    Json source;   // which source kept the worker
    Json version;  // the version that did (null: not checked)
  };
  const Json vllm = custom_model(Json{{"backend", "vLLM"}});
  const Json rocm_row = Json{{"inference_backends", Json::array({backend_row("vLLM", {{"x", {{"built_in_frameworks", {"rocm"}}}}})})}};
  auto pinned = [](const char* backend, const char* version) { return custom_model(Json{{"backend", backend}, {"backend_version", version}}); };
  const Row rows[] = {
      {"scenario rows never decide alone: the runner table keeps the CUDA worker", vllm, rocm_row, cuda_worker(1, "w"), "scenario", true,
       "runner_table", nullptr},
      {"a scenario row that lists the type decides first", vllm, rocm_row, rocm_worker(1, "w"), "scenario", true, "scenario_row", "x"},
      {"default install: vLLM runs on CUDA through its runners", vllm, Json::object(), cuda_worker(1, "w"), "default_install", true,
       "runner_table", nullptr},
      {"default install: no vLLM runner for mps", vllm, Json::object(), worker(1, "w", Json::object(), Json::array({gpu("mps", 0)})),
       "default_install", false, nullptr, nullptr},
      {"default install: no CPU runner for SGLang", custom_model(Json{{"backend", "SGLang"}}), Json::object(), worker(1, "w"),
       "default_install", false, nullptr, nullptr},
      {"runner look-up lower-cases the backend", custom_model(Json{{"backend", "VOXBOX"}}), Json::object(), cuda_worker(1, "w"),
       "default_install", true, "runner_table", "0.0.21"},
      {"VoxBox runners are CUDA only", custom_model(Json{{"backend", "VoxBox"}}), Json::object(), rocm_worker(1, "w"), "default_install",
       false, nullptr, nullptr},
      {"a pin matches deprecated runners too", pinned("VoxBox", "0.0.20"), Json::object(), cuda_worker(1, "w"), "default_install", true,
       "runner_table", "0.0.20"},
      {"a pin no runner has drops the worker", pinned("VoxBox", "0.11.0"), Json::object(), cuda_worker(1, "w"), "default_install", false,
       nullptr, nullptr},
      {"a pin of another accelerator's version drops the worker", pinned("vLLM", "0.9.1"), Json::object(), cuda_worker(1, "w"),
       "default_install", false, nullptr, nullptr},
      {"community row: TensorRT-LLM lists cuda", custom_model(Json{{"backend", "TensorRT-LLM"}}), Json::object(), cuda_worker(1, "w"),
       "default_install", true, "community_row", "1.3.0rc20"},
      {"community row: a pin it does not list", pinned("TensorRT-LLM", "0.11.0"), Json::object(), cuda_worker(1, "w"), "default_install",
       false, nullptr, nullptr},
      {"community row: llama.cpp's cpu version keeps any device", custom_model(Json{{"backend", "llama.cpp"}}), Json::object(),
       worker(1, "w", Json::object(), Json::array({gpu("mps", 0)})), "default_install", true, "community_row", "cpu"},
      {"Ascend 910B chip: vLLM runner of variant 910b", vllm, Json::object(), ascend_worker(1, "w", "Ascend910B3"), "default_install", true,
       "runner_table", nullptr},
      {"Ascend 950 chip: no vLLM runner of variant 950", vllm, Json::object(), ascend_worker(1, "w", "Ascend910_9579"), "default_install",
       false, nullptr, nullptr},
      {"MindIE 2.1.rc1 has a 910b runner (deprecated, pinned)", pinned("MindIE", "2.1.rc1"), Json::object(),
       ascend_worker(1, "w", "Ascend910B3"), "default_install", true, "runner_table", "2.1.rc1"},
      {"MindIE 2.1.rc1 has no a3 runner", pinned("MindIE", "2.1.rc1"), Json::object(), ascend_worker(1, "w", "Ascend910_9392"),
       "default_install", false, nullptr, nullptr},
      {"a cann device of another vendor has no variant: any variant counts", custom_model(Json{{"backend", "MindIE"}}), Json::object(),
       worker(1, "w", Json::object(), Json::array({gpu("cann", 0, {{"vendor", "other"}, {"arch_family", "nonsense"}})})),
       "default_install", true, "runner_table", nullptr},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    FilterRun run = run_filters(Json::array({row.worker}), row.model, row.extra);
    const Json& rec = run.record("backend_framework");
    CHECK(rec["status"] == "applied");
    CHECK(rec["rows"] == row.rows);
    if (row.pass) CHECK_FALSE(rec.contains("all_dropped"));
    const Json& e = run.worker_entry("backend_framework", "w");
    CHECK(e["pass"] == row.pass);
    CHECK(e["code"] == (row.pass ? "backend_supported" : "backend_unsupported"));
    if (row.pass) CHECK(e["data"]["source"] == row.source);
    if (!row.version.is_null()) CHECK(e["data"]["version"] == row.version);
  }
}

TEST_CASE("backend framework filter: when one field of the model drops every worker, the values that would not") {
  struct Row {
    const char* rule;
    Json model;
    Json extra;
    const char* cause;
    const char* field;
    Json pass_with;  // the values, in order
    bool q32;
  };
  const Json none = Json::array();
  const Row rows[] = {
      {"GGUF with backend null in a default install", gguf_model(), Json::object(), "gguf_null_backend", "backend", {"Custom"}, true},
      {"GGUF with an empty backend", gguf_model(Json{{"backend", ""}}), Json::object(), "gguf_null_backend", "backend", {"Custom"}, true},
      {"GGUF with backend null and scenario rows without Custom", gguf_model(),
       Json{{"inference_backends", Json::array({backend_row("vLLM", {{"1", {{"built_in_frameworks", {"cpu"}}}}})})}}, "gguf_null_backend",
       "backend", {"Custom"}, true},
      {"scenario rows replace the default install's community rows", custom_model(Json{{"backend", "TensorRT-LLM"}}),
       Json{{"inference_backends", Json::array({backend_row("vLLM", {{"1", {{"built_in_frameworks", {"cpu"}}}}})})}}, "unknown_name",
       "backend", {"Custom"}, false},
      {"llama-box is neither a row nor a runner service", custom_model(Json{{"backend", "llama-box"}}), Json::object(), "unknown_name",
       "backend", {"Custom"}, false},
      {"a typo: the known name two edits away that keeps a worker", custom_model(Json{{"backend", "vLM"}}), Json::object(),
       "unknown_name", "backend", {"Custom", "vLLM"}, false},
      {"a typo of a row name, case aside", custom_model(Json{{"backend", "LLAMA.CPP"}}), Json::object(), "unknown_name", "backend",
       {"Custom", "llama.cpp"}, false},
      {"a pin no runner has: no pin, or a runner's version", custom_model(Json{{"backend", "VoxBox"}, {"backend_version", "0.11.0"}}),
       Json::object(), "pinned_version", "backend_version", {nullptr, "0.0.20", "0.0.21"}, false},
      {"a pin the community row lacks", custom_model(Json{{"backend", "TensorRT-LLM"}, {"backend_version", "0.11.0"}}), Json::object(),
       "pinned_version", "backend_version", {nullptr, "1.3.0rc20"}, false},
      {"a pin with no way out on these devices", custom_model(Json{{"backend", "MindIE"}, {"backend_version", "9"}}), Json::object(),
       "pinned_version", "backend_version", none, false},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    FilterRun run = run_filters(Json::array({cuda_worker(1, "a"), worker(2, "b")}), row.model, row.extra);
    CHECK(run.kept.empty());
    const Json& note = run.record("backend_framework")["all_dropped"];
    REQUIRE(note.is_object());
    CHECK(note["cause"] == row.cause);
    CHECK(note["field"] == row.field);
    Json values = Json::array();
    for (const auto& p : note["pass_with"]) values.push_back(p["value"]);
    CHECK(values == row.pass_with);
    CHECK(run.has_quirk("Q32") == row.q32);
    CHECK(run.messages("backend_framework").size() == 2);
  }
  SECTION("no note when the devices alone decide (known backend, no pin)") {
    FilterRun run = run_filters(Json::array({worker(1, "a")}), custom_model(Json{{"backend", "vLLM"}}));
    CHECK(run.kept.empty());
    CHECK_FALSE(run.record("backend_framework").contains("all_dropped"));
  }
  SECTION("a scenario Custom row makes the null-backend GGUF model known") {
    FilterRun run = run_filters(Json::array({cuda_worker(1, "a")}), gguf_model(),
                                Json{{"inference_backends", Json::array({backend_row("Custom", {{"0", {{"built_in_frameworks", {"cuda"}}}}})})}});
    CHECK(run.kept.size() == 1);
    CHECK_FALSE(run.record("backend_framework").contains("all_dropped"));
    CHECK_FALSE(run.has_quirk("Q32"));
  }
  SECTION("the literal backend Custom skips the filter") {
    FilterRun run = run_filters(Json::array({worker(1, "a")}), gguf_model(Json{{"backend", "Custom"}}));
    CHECK(run.record("backend_framework")["status"] == "not_applied");
    CHECK(run.kept.size() == 1);
  }
}

TEST_CASE("backend framework filter: an unknown Ascend chip fails the whole decision") {
  const Json vllm = custom_model(Json{{"backend", "vLLM"}});
  SECTION("the filter raises a reference error naming the device") {
    try {
      run_filters(Json::array({cuda_worker(1, "a"), ascend_worker(2, "npu", "910b")}), vllm);
      FAIL("no reference error");
    } catch (const ReferenceError& e) {
      CHECK(e.stage() == "filters");
      CHECK(e.values()["worker"] == "npu");
      CHECK(e.values()["arch_family"] == "910b");
      CHECK(e.values()["known_like_it"].size() == 7);  // Ascend910B, B1, B2, B2C, B3, B4, B4-1
      CHECK(e.reason().find("worker npu GPU 0") != std::string::npos);
    }
  }
  SECTION("the decision ends with no candidate and the error in the trace") {
    Json doc{{"workers", Json::array({ascend_worker(1, "npu", "Ascend999")})},
             {"model", vllm},
             {"skip_evaluation", true},
             {"estimates", {{"weights_bytes", 1 << 30}, {"config", Json::object()}}}};
    ScheduleResult r = schedule(load_scenario(doc));
    CHECK(r.candidates.empty());
    const Json& err = r.trace.root()["error"];
    CHECK(err["stage"] == "filters");
    CHECK(err["kind"] == "reference_error");
  }
  SECTION("not when the worker never reaches the filter, nor for the literal Custom") {
    Json down = ascend_worker(1, "npu", "Ascend999");
    down["state"] = "not_ready";
    CHECK_NOTHROW(run_filters(Json::array({down, cuda_worker(2, "a")}), vllm));
    CHECK_NOTHROW(run_filters(Json::array({ascend_worker(1, "npu", "Ascend999")}), custom_model()));
  }
}

TEST_CASE("backend framework filter: conditions per worker") {
  SECTION("distinct GPU conditions, then cpu with cpu_offloading; every failed one is a reason") {
    Json w = worker(1, "w", Json::object(),
                    Json::array({gpu("cann", 0, {{"vendor", "ascend"}, {"arch_family", "Ascend310P3"}}),
                                 gpu("cann", 1, {{"vendor", "ascend"}, {"arch_family", "Ascend310P3"}})}));
    FilterRun run = run_filters(Json::array({w}), custom_model(Json{{"backend", "SGLang"}, {"cpu_offloading", true}}));
    const Json& e = run.worker_entry("backend_framework", "w");
    CHECK(e["pass"] == false);
    const Json& reasons = e["data"]["conditions"];
    REQUIRE(reasons.size() == 2);
    CHECK(reasons[0]["type"] == "cann");
    CHECK(reasons[0]["variant"] == "310p");
    CHECK(reasons[0]["why"] == "no_versions_gpu");
    CHECK(reasons[1]["type"] == "cpu");
    CHECK(reasons[1]["why"] == "no_versions_cpu");
  }
  SECTION("any supported condition keeps the worker") {
    Json w = worker(1, "w", Json::object(), Json::array({gpu("mps", 0), gpu("cuda", 1)}));
    FilterRun run = run_filters(Json::array({w}), custom_model(Json{{"backend", "vLLM"}}));
    const Json& e = run.worker_entry("backend_framework", "w");
    CHECK(e["pass"] == true);
    CHECK(e["data"]["condition"]["type"] == "cuda");
  }
  SECTION("null backend: filters use vLLM (Q17)") {
    Json model{{"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", "o/r"}};
    FilterRun run = run_filters(Json::array({cuda_worker(1, "w")}), model);
    CHECK(run.record("backend_framework")["backend"] == "vLLM");
    CHECK(run.has_quirk("Q17"));
  }
}

TEST_CASE("backend framework filter: verdicts per condition, past the memo of the first 32 conditions too") {
  // 80 workers, each with its own runtime version (80 distinct conditions); even positions hold a
  // CUDA GPU (vLLM has CUDA runners), odd ones an MPS GPU (none): every verdict follows the type.
  Json workers = Json::array();
  for (int i = 0; i < 80; ++i)
    workers.push_back(worker(i + 1, "w" + std::to_string(i), Json::object(),
                             Json::array({gpu(i % 2 == 0 ? "cuda" : "mps", 0, Json{{"runtime_version", "12." + std::to_string(i)}})})));
  FilterRun run = run_filters(workers, custom_model(Json{{"backend", "vLLM"}}));
  for (int i = 0; i < 80; ++i) {
    CAPTURE(i);
    const Json& e = run.worker_entry("backend_framework", "w" + std::to_string(i));
    CHECK(e["pass"] == (i % 2 == 0));
    if (i % 2 == 0) CHECK(e["data"]["condition"]["runtime"] == "12." + std::to_string(i));
  }
  CHECK(run.kept.size() == 40);
}
