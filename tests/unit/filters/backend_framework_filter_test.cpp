// F5 backend framework filter (scheduler-rules.md §2) and the built-in runner catalogue, one row per rule.
#include <catch2/catch.hpp>

#include "filter_test_support.h"
#include "filters/builtin_backend_catalogue.h"

using namespace placement;
using namespace placement::filter_test;

namespace {

Json backend_row(const std::string& name, Json versions, Json owner = nullptr) {
  return Json{{"backend_name", name}, {"owner_principal_id", owner}, {"version_configs", versions}};
}

Json cuda_worker(std::int64_t id, const std::string& name) { return worker(id, name, Json::object(), Json::array({gpu("cuda", 0)})); }
Json rocm_worker(std::int64_t id, const std::string& name) { return worker(id, name, Json::object(), Json::array({gpu("rocm", 0)})); }

}  // namespace

TEST_CASE("backend framework filter: scenario catalogue rules") {
  struct Row {
    const char* rule;
    Json model;
    Json backends;
    Json worker;
    bool pass;
    Json why;  // first reason's why-code when failing
  };
  const Json vllm = custom_model(Json{{"backend", "vLLM"}});
  const Json vllm_pinned = custom_model(Json{{"backend", "vLLM"}, {"backend_version", "0.9.0"}});
  const Json cuda_only = Json::array({backend_row("vLLM", {{"0.8.0", {{"built_in_frameworks", {"cuda"}}}}})});
  const Row rows[] = {
      {"built-in framework lists the GPU type", vllm, cuda_only, cuda_worker(1, "w"), true, nullptr},
      {"GPU type not listed", vllm, cuda_only, rocm_worker(1, "w"), false, "no_versions_gpu"},
      {"worker without GPU asks for cpu", vllm, cuda_only, worker(1, "w"), false, "no_versions_cpu"},
      {"`cpu` in built_in_frameworks supports every device", vllm,
       Json::array({backend_row("vLLM", {{"0.8.0", {{"built_in_frameworks", {"cpu"}}}}})}), rocm_worker(1, "w"), true, nullptr},
      {"custom_framework equal to the type", vllm, Json::array({backend_row("vLLM", {{"0.8.0", {{"custom_framework", "rocm"}}}})}),
       rocm_worker(1, "w"), true, nullptr},
      {"custom_framework cpu supports every device", vllm, Json::array({backend_row("vLLM", {{"0.8.0", {{"custom_framework", "cpu"}}}})}),
       cuda_worker(1, "w"), true, nullptr},
      {"empty custom_framework supports nothing", vllm, Json::array({backend_row("vLLM", {{"0.8.0", {{"custom_framework", ""}}}})}),
       cuda_worker(1, "w"), false, "no_versions_gpu"},
      {"pinned version absent", vllm_pinned, cuda_only, cuda_worker(1, "w"), false, "version_unsupported"},
      {"pinned version present", vllm_pinned, Json::array({backend_row("vLLM", {{"0.9.0", {{"built_in_frameworks", {"cuda"}}}}})}),
       cuda_worker(1, "w"), true, nullptr},
      {"owner row replaces the platform's same-named version",
       custom_model(Json{{"backend", "vLLM"}, {"owner_principal_id", 7}}),
       Json::array({backend_row("vLLM", {{"0.8.0", {{"built_in_frameworks", {"rocm"}}}}}),
                    backend_row("vLLM", {{"0.8.0", {{"built_in_frameworks", {"cuda"}}}}}, 7)}),
       rocm_worker(1, "w"), false, "no_versions_gpu"},
      {"other owners' rows are ignored", custom_model(Json{{"backend", "vLLM"}, {"owner_principal_id", 7}}),
       Json::array({backend_row("vLLM", {{"0.8.0", {{"built_in_frameworks", {"cuda"}}}}}),
                    backend_row("vLLM", {{"0.8.0", {{"built_in_frameworks", {"rocm"}}}}}, 8)}),
       rocm_worker(1, "w"), false, "no_versions_gpu"},
      {"GGUF without backend checks the Custom entry",
       Json{{"name", "g"}, {"source", "huggingface"}, {"huggingface_repo_id", "o/r"}, {"huggingface_filename", "m.gguf"}},
       Json::array({backend_row("Custom", {{"0.0.0", {{"built_in_frameworks", {"cuda"}}}}})}), rocm_worker(1, "w"), false,
       "no_versions_gpu"},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    FilterRun run = run_filters(Json::array({row.worker}), row.model, Json{{"inference_backends", row.backends}});
    const Json& rec = run.record("backend_framework");
    CHECK(rec["status"] == "applied");
    CHECK(rec["catalogue"] == "scenario");
    const Json& e = run.worker_entry("backend_framework", "w");
    CHECK(e["pass"] == row.pass);
    CHECK(e["code"] == (row.pass ? "backend_supported" : "backend_unsupported"));
    if (!row.pass) {
      CHECK(e["data"]["conditions"][0]["why"] == row.why);
      // One GPUStack line per removed worker.
      auto msgs = run.messages("backend_framework");
      REQUIRE(msgs.size() == 1);
      CHECK(msgs[0]["worker"] == "w");
    }
  }
}

TEST_CASE("backend framework filter: which catalogue decides") {
  struct Row {
    const char* rule;
    Json model;
    Json extra;
    Json worker;
    const char* status;
    Json catalogue;
    bool pass;
    const char* code;
  };
  const Row rows[] = {
      {"literal Custom: not applied", custom_model(), Json::object(), worker(1, "w"), "not_applied", nullptr, true, "not_applied"},
      {"no scenario entry: built-in vLLM runs on cuda", custom_model(Json{{"backend", "vLLM"}}), Json::object(), cuda_worker(1, "w"),
       "applied", "builtin", true, "backend_supported"},
      {"built-in: no vLLM runner for mps", custom_model(Json{{"backend", "vLLM"}}), Json::object(),
       worker(1, "w", Json::object(), Json::array({gpu("mps", 0)})), "applied", "builtin", false, "backend_unsupported"},
      {"built-in: no CPU runner", custom_model(Json{{"backend", "SGLang"}}), Json::object(), worker(1, "w"), "applied", "builtin", false,
       "backend_unsupported"},
      {"a scenario entry for another backend leaves the built-in in charge", custom_model(Json{{"backend", "vLLM"}}),
       Json{{"inference_backends", Json::array({backend_row("SGLang", {{"1", {{"built_in_frameworks", {"cpu"}}}}})})}},
       cuda_worker(1, "w"), "applied", "builtin", true, "backend_supported"},
      {"the scenario entry overrides the built-in", custom_model(Json{{"backend", "vLLM"}}),
       Json{{"inference_backends", Json::array({backend_row("vLLM", {{"1", {{"built_in_frameworks", {"rocm"}}}}})})}},
       cuda_worker(1, "w"), "applied", "scenario", false, "backend_unsupported"},
      {"unknown backend: not evaluated", custom_model(Json{{"backend", "MyEngine"}}), Json::object(), worker(1, "w"), "applied", nullptr,
       true, "not_evaluated_no_catalogue"},
      {"runner lookup lower-cases the name", custom_model(Json{{"backend", "voxbox"}}), Json::object(), cuda_worker(1, "w"), "applied",
       "builtin", true, "backend_supported"},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    FilterRun run = run_filters(Json::array({row.worker}), row.model, row.extra);
    const Json& rec = run.record("backend_framework");
    CHECK(rec["status"] == row.status);
    CHECK(rec["catalogue"] == row.catalogue);
    const Json& e = run.worker_entry("backend_framework", "w");
    CHECK(e["pass"] == row.pass);
    CHECK(e["code"] == row.code);
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
  SECTION("the CANN variant only counts for Ascend vendors") {
    Json w = worker(1, "w", Json::object(), Json::array({gpu("cann", 0, {{"vendor", "other"}, {"arch_family", "Ascend310P3"}})}));
    FilterRun run = run_filters(Json::array({w}), custom_model(Json{{"backend", "SGLang"}}));
    CHECK(run.worker_entry("backend_framework", "w")["pass"] == true);
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

TEST_CASE("built-in catalogue table") {
  using namespace placement::filters;
  struct Row {
    const char* backend;
    const char* accelerator;
    std::optional<std::string> variant;
    bool supported;
  };
  const Row rows[] = {
      {"vLLM", "cuda", std::nullopt, true},     {"vLLM", "rocm", std::nullopt, true},   {"vLLM", "cann", std::string("310p"), true},
      {"vLLM", "cann", std::string("910"), false}, {"vLLM", "mps", std::nullopt, false}, {"vLLM", "cpu", std::nullopt, false},
      {"SGLang", "cann", std::string("910b"), true}, {"SGLang", "cann", std::string("310p"), false}, {"SGLang", "cann", std::nullopt, true},
      {"MindIE", "cann", std::string("a3"), true}, {"MindIE", "cuda", std::nullopt, false}, {"VoxBox", "cuda", std::nullopt, true},
      {"VoxBox", "rocm", std::nullopt, false},
      // The backend is compared lowercased, whole: no prefix or extension of a service matches.
      {"VLLM", "cuda", std::nullopt, true},      {"vllm", "cuda", std::nullopt, true},   {"vLL", "cuda", std::nullopt, false},
      {"vLLMx", "cuda", std::nullopt, false},     {"", "cuda", std::nullopt, false},      {"SGLANG", "musa", std::nullopt, true},
  };
  for (const Row& row : rows) {
    INFO(row.backend << " " << row.accelerator << " " << row.variant.value_or("-"));
    CHECK(builtin_catalogue_supports(row.backend, row.accelerator, row.variant) == row.supported);
  }
  CHECK(builtin_catalogue_knows("vLLM"));
  CHECK(builtin_catalogue_knows("MINDIE"));
  CHECK_FALSE(builtin_catalogue_knows("Custom"));
  CHECK_FALSE(builtin_catalogue_knows("mindi"));
  CHECK_FALSE(builtin_catalogue_knows("voxboxes"));
  CHECK_FALSE(builtin_catalogue_knows(""));
  CHECK(ascend_cann_variant("Ascend910B3") == std::optional<std::string>("910b"));
  CHECK(ascend_cann_variant("Ascend910_9391") == std::optional<std::string>("a3"));
  CHECK(ascend_cann_variant("Ascend910A") == std::optional<std::string>("910"));
  CHECK(ascend_cann_variant("Ascend310B1") == std::optional<std::string>("310b"));
  CHECK(ascend_cann_variant("Ascend910_9579") == std::optional<std::string>("a5"));
  CHECK_FALSE(ascend_cann_variant("Ascend999").has_value());
  CHECK(ascend_cann_variant("Ascend910B") == std::optional<std::string>("910"));  // not Ascend910B1's 910b
  CHECK(ascend_cann_variant("Ascend910B4-1") == std::optional<std::string>("910b"));
}

TEST_CASE("backend framework filter: verdicts per condition, past the memo of the first 32 conditions too") {
  // 80 workers, each with its own runtime version (80 distinct conditions); even positions hold a
  // CUDA GPU (shipped for vLLM), odd ones an MPS GPU (not shipped): every verdict follows the type.
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
