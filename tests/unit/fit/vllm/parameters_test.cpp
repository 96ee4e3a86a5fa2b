// §3.3.1–3: vLLM world size, executor, parameter validation and gpu memory utilisation.
#include <catch2/catch.hpp>

#include "fit/registry.h"
#include "fit/vllm/vllm_parameters.h"
#include "scenario/errors.h"
#include "fit/fit_test_support.h"

using namespace placement;
using namespace placement::testing;

TEST_CASE("3.3.1 world size is the product of the given parallel sizes", "[vllm][parameters]") {
  struct Row {
    const char* rule;
    std::vector<std::string> params;
    long long world;
    const char* labels;
  };
  const std::vector<Row> rows = {
      {"nothing given", {}, 0, ""},
      {"tp", {"--tp=2"}, 2, "tp"},
      {"long names, separate values", {"--tensor-parallel-size 2", "--pipeline-parallel-size", "3"}, 6, "tp/pp"},
      {"dp counts, dpl is only labelled", {"--tensor-parallel-size=8", "--data-parallel-size=2", "--data-parallel-size-local=1"}, 16, "tp/dp/dpl"},
      {"pcp", {"--pcp=2", "--tp=2"}, 4, "tp/pcp"},
      {"hybrid-lb: dp is the local count", {"--tp=2", "--dp=4", "--dpl=2", "--data-parallel-hybrid-lb"}, 4, "tp/dp"},
      {"hybrid-lb without dpl: no world size", {"--tp=2", "--data-parallel-hybrid-lb"}, 0, ""},
      {"dpl alone: no world size", {"--dpl=2"}, 0, ""},
      {"unparsable value is absent", {"--tp=two"}, 0, ""},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    BackendParameters p(row.params);
    VllmWorldSize w = vllm_world(p);
    CHECK(w.world == row.world);
    CHECK(w.labels == row.labels);
    CHECK(vllm_world_size(Model{}, p) == row.world);
  }
  for (const char* bad : {"--tp=0", "--pp=-1", "--pcp=0", "--dp=0", "--dpl=0"}) {
    INFO(bad);
    try {
      vllm_world(BackendParameters({bad}));
      FAIL("expected a reference error");
    } catch (const ReferenceError& e) {
      CHECK(e.stage() == "selector_init");
    }
  }
}

TEST_CASE("3.3.2 executor: parameter, custom version >= 0.18.0, else ray", "[vllm][parameters]") {
  struct Row {
    const char* rule;
    std::vector<std::string> params;
    std::optional<std::string> version;
    VllmExecutor executor;
    const char* source;
  };
  const std::vector<Row> rows = {
      {"default", {}, std::nullopt, VllmExecutor::ray, "default"},
      {"explicit mp", {"--distributed-executor-backend=mp"}, std::nullopt, VllmExecutor::mp, "parameter"},
      {"any other explicit value is ray", {"--distributed-executor-backend", "uni"}, std::string("0.19.0-custom"), VllmExecutor::ray, "parameter"},
      {"custom image 0.18.0", {}, std::string("0.18.0-custom"), VllmExecutor::mp, "custom_version"},
      {"custom image 0.17.2", {}, std::string("0.17.2-custom"), VllmExecutor::ray, "default"},
      {"not a custom image", {}, std::string("0.19.0"), VllmExecutor::ray, "default"},
      {"data-parallel-backend is not the executor", {"--data-parallel-backend=mp"}, std::nullopt, VllmExecutor::ray, "default"},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    Model m;
    m.backend_version = row.version;
    VllmExecutorChoice c = resolve_vllm_executor(m, BackendParameters(row.params));
    CHECK(c.executor == row.executor);
    CHECK(c.source == row.source);
  }
}

TEST_CASE("gpustack-runtime version comparison", "[vllm][parameters]") {
  struct Row {
    const char* a;
    const char* b;
    int expected;
  };
  const std::vector<Row> rows = {
      {"0.18.0", "0.18.0", 0},        {"0.18.1", "0.18.0", 1},      {"0.9.0", "0.18.0", -1},
      {"0.18.0-custom", "0.18.0", 1}, {"1.0.rc1", "1.0", -1},       {"1.0.alpha", "1.0.beta", -1},
      {"1.0", "1.0.0", 0},            {"2.2.rc1", "2.2.beta2", 1},
  };
  for (const auto& row : rows) {
    INFO(row.a << " vs " << row.b);
    CHECK(compare_runtime_versions(row.a, row.b) == row.expected);
    CHECK(compare_runtime_versions(row.b, row.a) == -row.expected);
  }
}

TEST_CASE("3.3.2 validation: explicit tp must divide, mp needs dp multiple of dpl", "[vllm][parameters]") {
  const HfHyperParameters hp = read_hf_config(Json{{"num_attention_heads", 64}, {"vision_config", {{"num_heads", 16}}}});
  struct Row {
    const char* rule;
    std::vector<std::string> params;
    VllmExecutor executor;
    bool throws;
  };
  const std::vector<Row> rows = {
      {"tp divides", {"--tp=4"}, VllmExecutor::ray, false},
      {"tp 3 does not divide 64 heads", {"--tp=3"}, VllmExecutor::ray, true},
      {"tp 32 does not divide 16 vision heads", {"--tp=32"}, VllmExecutor::ray, true},
      {"language-model-only skips the vision heads", {"--tp=32", "--language-model-only"}, VllmExecutor::ray, false},
      {"mp: dp 3 / dpl 2", {"--dp=3", "--dpl=2"}, VllmExecutor::mp, true},
      {"ray: dp/dpl not checked", {"--dp=3", "--dpl=2"}, VllmExecutor::ray, false},
      {"mp: dp 4 / dpl 2", {"--dp=4", "--dpl=2"}, VllmExecutor::mp, false},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    BackendParameters p(row.params);
    if (row.throws) {
      try {
        validate_vllm_parameters(hp, p, row.executor);
        FAIL("expected a reference error");
      } catch (const ReferenceError& e) {
        CHECK(e.stage() == "fit");
      }
    } else {
      CHECK_NOTHROW(validate_vllm_parameters(hp, p, row.executor));
    }
  }
}

TEST_CASE("3.3.3 gpu memory utilisation", "[vllm][parameters]") {
  struct Row {
    const char* rule;
    Json categories;
    Json architectures;
    std::vector<std::string> params;
    double gmu;
    const char* source;
  };
  const std::vector<Row> rows = {
      {"LLM default 0.9", Json{"llm"}, Json{"Qwen2ForCausalLM"}, {}, 0.9, "default"},
      {"no categories: 0.9", Json::array(), Json{"Qwen2ForCausalLM"}, {}, 0.9, "default"},
      {"embedding: 0", Json{"embedding"}, Json{"Qwen2ForCausalLM"}, {}, 0, "non_llm_default"},
      {"speech_to_text keeps 0.9", Json{"speech_to_text"}, Json{"Whisper"}, {}, 0.9, "default"},
      {"Qwen3-VL embedding keeps 0.9", Json{"embedding"}, Json{"Qwen3VLForConditionalGeneration"}, {}, 0.9, "default"},
      {"Qwen3 reranker keeps 0.9", Json{"reranker"}, Json{"Qwen3ForSequenceClassification"}, {}, 0.9, "default"},
      {"the parameter wins", Json{"embedding"}, Json{"X"}, {"--gpu-memory-utilization=0.5"}, 0.5, "parameter"},
      {"an empty value keeps the default", Json{"llm"}, Json{"X"}, {"--gpu-memory-utilization="}, 0.9, "default"},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    Model m;
    for (const auto& c : row.categories) m.categories.push_back(c.get<std::string>());
    HfHyperParameters hp = read_hf_config(Json{{"architectures", row.architectures}});
    VllmGmu g = resolve_vllm_gmu(m, hp, BackendParameters(row.params));
    CHECK(g.value == row.gmu);
    CHECK(g.source == row.source);
  }
  Model m;
  CHECK_THROWS_AS(resolve_vllm_gmu(m, read_hf_config(Json::object()), BackendParameters({"--gpu-memory-utilization=high"})), ReferenceError);
}
