// §3.1 shared pieces: VRAM estimate, RAM need, RAM claim, tp divisibility, gpu_count, GPU claim,
// utilisation lookup, and the hyper-parameter fallbacks they read.
#include <catch2/catch.hpp>

#include "fit/common/shared_rules.h"
#include "scenario/errors.h"
#include "fit/fit_test_support.h"

using namespace placement;
using namespace placement::testing;

namespace {

Scenario scenario_with(Json model_extra, Json estimates = Json::object()) {
  return load_scenario(vllm_scenario(Json::array(), std::move(model_extra), std::move(estimates)));
}

}  // namespace

TEST_CASE("3.1.1 VRAM estimate: env claim, image weights, factor and overhead", "[shared_rules]") {
  struct Row {
    const char* rule;
    Json model;
    Json estimates;
    Bytes expected;
  };
  const Bytes w = 65'525'200'000;
  const std::vector<Row> rows = {
      {"LLM: int(w x 1.2) + 2 GiB (75.23 GiB in GPUStack's note)", Json{{"categories", {"llm"}}}, Json{{"weights_bytes", w}},
       static_cast<Bytes>(w * 1.2) + 2 * GiB},
      {"no categories count as LLM", Json{{"categories", Json::array()}}, Json{{"weights_bytes", w}}, static_cast<Bytes>(w * 1.2) + 2 * GiB},
      {"embedding: 512 MiB overhead", Json{{"categories", {"embedding"}}}, Json{{"weights_bytes", w}},
       static_cast<Bytes>(w * 1.2) + 512 * kMiB},
      {"text_to_speech: factor 3", Json{{"categories", {"text_to_speech"}}}, Json{{"weights_bytes", w}}, w * 3 + 512 * kMiB},
      {"image: the weights", Json{{"categories", {"image"}}}, Json{{"weights_bytes", w}}, w},
      {"env claim wins", Json{{"env", {{"GPUSTACK_MODEL_VRAM_CLAIM", "12345"}}}}, Json{{"weights_bytes", w}}, 12345},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    Scenario s = scenario_with(row.model, row.estimates);
    CHECK(estimate_vram(s, s.model) == row.expected);
  }
  SECTION("no weights and no env claim is bad input") {
    Scenario s = load_scenario(vllm_scenario(Json::array(), Json{{"env", {{"X", "1"}}}}, Json{{"config", Json::object()}}));
    CHECK_THROWS_AS(estimate_vram(s, s.model), InputError);
  }
}

TEST_CASE("3.1.2/3.1.3 RAM need and RAM claim", "[shared_rules]") {
  const VramMap one_gpu{{0, 23'413'653'504}};
  struct Row {
    const char* rule;
    Json kv;
    Bytes static_ram;
    VramMap vram;
    Bytes need;
    std::optional<Bytes> claim;
  };
  const std::vector<Row> rows = {
      {"no extended KV cache: no need, null claim", nullptr, 0, one_gpu, 0, std::nullopt},
      {"disabled: nothing", Json{{"enabled", false}, {"ram_size", 8}}, 0, one_gpu, 0, std::nullopt},
      {"ram_size GiB", Json{{"enabled", true}, {"ram_size", 8}}, 0, one_gpu, 8 * GiB, 8 * GiB},
      {"ratio x sum of vram (spec example 2.0)", Json{{"enabled", true}, {"ram_ratio", 2.0}}, 0, one_gpu, 0, 46'827'307'008},
      {"ratio with an empty dict: null", Json{{"enabled", true}, {"ram_ratio", 2.0}}, 0, VramMap{}, 0, std::nullopt},
      {"static RAM wins", Json{{"enabled", true}, {"ram_size", 8}}, 536'870'912, one_gpu, 8 * GiB, 536'870'912},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    Json extra = Json::object();
    if (!row.kv.is_null()) extra["extended_kv_cache"] = row.kv;
    Scenario s = scenario_with(extra);
    CHECK(ram_need(s.model) == row.need);
    CHECK(claim_ram(s.model, row.vram, row.static_ram) == row.claim);
  }
  Allocatable a;
  a.ram = 4 * GiB;
  CHECK(ram_short(8 * GiB, a));
  CHECK_FALSE(ram_short(0, a));
  CHECK_FALSE(ram_short(4 * GiB, a));
}

TEST_CASE("3.1.4 tp_ok: heads, vision heads, vocab, n", "[shared_rules]") {
  Json vl{{"num_attention_heads", 64}, {"vocab_size", 151936}, {"vision_config", {{"num_heads", 16}}}};
  struct Row {
    const char* rule;
    long long n;
    std::vector<std::string> params;
    VisionRule vision;
    bool ok;
    const char* quantity;
  };
  const std::vector<Row> rows = {
      {"divides everything", 8, {}, VisionRule::vllm, true, ""},
      {"n = 0 fails", 0, {}, VisionRule::vllm, false, "gpu_count"},
      {"heads 64 % 3", 3, {}, VisionRule::vllm, false, "attention_heads"},
      {"vision heads 16 % 32 (vLLM)", 32, {}, VisionRule::vllm, false, "vision_heads"},
      {"vLLM --language-model-only skips vision", 32, {"--language-model-only"}, VisionRule::vllm, true, ""},
      {"SGLang --language-only skips vision", 32, {"--language-only"}, VisionRule::sglang, true, ""},
      {"no vision rule", 32, {}, VisionRule::none, true, ""},
  };
  HfHyperParameters hp = read_hf_config(vl);
  for (const auto& row : rows) {
    INFO(row.rule);
    TpCheck c = tp_ok(hp, row.n, BackendParameters(row.params), row.vision);
    CHECK(c.ok == row.ok);
    CHECK(c.quantity == row.quantity);
  }
  SECTION("vocab") {
    HfHyperParameters v = read_hf_config(Json{{"num_attention_heads", 64}, {"vocab_size", 100}});
    TpCheck c = tp_ok(v, 8, BackendParameters{}, VisionRule::vllm);
    CHECK_FALSE(c.ok);
    CHECK(c.quantity == "vocab_size");
    CHECK(c.value == 100);
  }
  SECTION("unknown values pass") { CHECK(tp_ok(read_hf_config(Json::object()), 7, BackendParameters{}, VisionRule::vllm).ok); }
}

TEST_CASE("1.7 heads and head_dim fallbacks treat 0 as missing", "[shared_rules]") {
  HfHyperParameters a = read_hf_config(Json{{"num_attention_heads", 0}, {"llm_config", {{"num_attention_heads", 32}}}});
  CHECK(a.num_attention_heads == 32);
  HfHyperParameters b = read_hf_config(Json{{"num_attention_heads", 16}, {"hidden_size", 2048}, {"head_dim", 0}});
  CHECK(b.head_dim == 128);
}

TEST_CASE("3.1.5 gpu_count from ids and world size", "[shared_rules]") {
  const Json ids{"w:cuda:0", "w:cuda:1", "w:cuda:2", "w:cuda:3"};
  struct Row {
    const char* rule;
    Json selector;
    Json env;
    long long world;
    std::optional<int> expected;
    bool throws;
  };
  const std::vector<Row> rows = {
      {"no ids, no world: unset", nullptr, nullptr, 0, std::nullopt, false},
      {"no ids: the world", nullptr, nullptr, 4, 4, false},
      {"ids: their count", Json{{"gpu_ids", ids}}, nullptr, 0, 4, false},
      {"ids: gpus_per_replica", Json{{"gpu_ids", ids}, {"gpus_per_replica", 2}}, nullptr, 0, 2, false},
      {"gpus_per_replica 0 falls back to the count", Json{{"gpu_ids", ids}, {"gpus_per_replica", 0}}, nullptr, 4, 4, false},
      {"world equal", Json{{"gpu_ids", ids}, {"gpus_per_replica", 2}}, nullptr, 2, 2, false},
      {"world different: error", Json{{"gpu_ids", ids}, {"gpus_per_replica", 2}}, nullptr, 4, std::nullopt, true},
      {"skip check keeps the selection", Json{{"gpu_ids", ids}, {"gpus_per_replica", 2}}, Json{{"GPUSTACK_SKIP_GPU_COUNT_CHECK", "Yes"}},
       4, 2, false},
  };
  for (const auto& row : rows) {
    INFO(row.rule);
    Json extra = Json::object();
    if (!row.selector.is_null()) extra["gpu_selector"] = row.selector;
    if (!row.env.is_null()) extra["env"] = row.env;
    Scenario s = scenario_with(extra);
    if (row.throws) {
      CHECK_THROWS_AS(gpu_count(s.model, row.world, "tp"), ReferenceError);
    } else {
      CHECK(gpu_count(s.model, row.world, "tp") == row.expected);
    }
  }
}

TEST_CASE("3.1.6 GPU claim and the utilisation map", "[shared_rules]") {
  CHECK(gpu_claim(26'015'170'560, 0.9, 0, 1) == 23'413'653'504);
  CHECK(gpu_claim(25'757'220'864, 0.9, 0, 1) == 23'181'498'777);
  CHECK(gpu_claim(10, 0, 100, 3) == 33);  // int(request / n)
  CHECK(gpu_claim(10, -1, 100, 4) == 25);
  const UtilisationMap m{{"cuda", 0.8}, {"*", 0.5}};
  CHECK(utilisation_for(m, "cuda") == 0.8);
  CHECK(utilisation_for(m, "rocm") == 0.5);
  CHECK(utilisation_for(UtilisationMap{}, "rocm") == 0);
}
