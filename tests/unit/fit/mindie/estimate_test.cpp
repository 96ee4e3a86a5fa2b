// MindIE's RAM/VRAM estimate (scheduler-rules.md §3.5.3): one row per attention type and per switch
// (dtype, c8 KV cache, w8a8 activations, env claims, RESERVED_MEMORY_GB, multimodal formula).
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_estimate.h"
#include "scenario/errors.h"

using namespace placement;
using namespace placement::mindie;

namespace {

constexpr Bytes kWeights = 8044936192;

struct Setup {
  Scenario scenario;
  Model model;
  HfHyperParameters hp;
  ServingParameters params;
};

Setup setup(const char* config, std::vector<std::string> argv = {}, StringMap env = {}, std::optional<std::string> version = {}) {
  Setup s;
  s.scenario.estimates.weights_bytes = kWeights;
  s.scenario.estimates.config = Json::parse(config);
  s.model.backend = "MindIE";
  s.model.env = env;
  s.model.backend_version = version;
  s.hp = read_hf_config(s.scenario.estimates.config);
  s.params = parse_serving_parameters(argv, env, std::min<long long>(s.hp.max_length, 8192), "fit");
  return s;
}

UsageEstimate run(const Setup& s) { return estimate_usage(s.scenario, s.model, s.hp, s.params); }

const char* kQwen3 = R"({"architectures": ["Qwen3ForCausalLM"], "num_attention_heads": 32, "num_key_value_heads": 8,
  "num_hidden_layers": 36, "hidden_size": 2560, "vocab_size": 151936, "max_position_embeddings": 40960,
  "torch_dtype": "bfloat16", "head_dim": 128})";

}  // namespace

TEST_CASE("mindie estimate: GQA (Qwen3-4B), the acceptance figure 15.13 GiB") {
  UsageEstimate e = run(setup(kQwen3, {"--trust-remote-code"}));
  CHECK(e.attention == AttentionType::gqa);
  CHECK(e.heads_factor == 16);
  CHECK(e.tokens == 8192);  // min(40960, 8192)
  CHECK(e.kv_cache == 16LL * 128 * 36 * 8192 * 2);
  CHECK(e.computation == 200LL * 128 * (36LL * 16 * 128 * 2));
  CHECK(e.vram == 3 * kGiB + kWeights + e.kv_cache + e.computation);
  CHECK(e.ram == 512 * kMiB);
  CHECK(e.vram == 16248994816);  // 15.13 GiB in GPUStack's message
}

TEST_CASE("mindie estimate: KV heads factor and head size per attention type") {
  struct Row {
    const char* rule;
    const char* config;
    AttentionType type;
    long long heads_factor;
    long long head_dim;
  };
  const Row rows[] = {
      {"MHA: kv == heads → 2·heads", R"({"num_attention_heads": 32, "num_key_value_heads": 32, "num_hidden_layers": 2, "hidden_size": 4096})",
       AttentionType::mha, 64, 128},
      {"MQA: kv == 1 → 2", R"({"num_attention_heads": 32, "num_key_value_heads": 1, "num_hidden_layers": 2, "hidden_size": 4096})",
       AttentionType::mqa, 2, 128},
      {"MQA: kv absent defaults to 1", R"({"num_attention_heads": 32, "num_hidden_layers": 2, "hidden_size": 4096})", AttentionType::mqa,
       2, 128},
      {"GQA: 1 < kv < heads, divisible → 2·kv", R"({"num_attention_heads": 32, "num_key_value_heads": 4, "num_hidden_layers": 2, "hidden_size": 4096})",
       AttentionType::gqa, 8, 128},
      {"unknown: kv does not divide heads → 1", R"({"num_attention_heads": 32, "num_key_value_heads": 5, "num_hidden_layers": 2, "hidden_size": 4096})",
       AttentionType::unknown, 1, 128},
      {"unknown: no heads → 1, head_dim 0", R"({"num_hidden_layers": 2, "hidden_size": 4096})", AttentionType::unknown, 1, 0},
      {"MLA: kv == heads with q/kv LoRA ranks → d = 2·qk_nope_head_dim, n' = 1",
       R"({"num_attention_heads": 128, "num_key_value_heads": 128, "q_lora_rank": 1536, "kv_lora_rank": 512,
           "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "num_hidden_layers": 2, "hidden_size": 7168})",
       AttentionType::mla, 1, 256},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    Setup s = setup(r.config);
    UsageEstimate e = run(s);
    CHECK(e.attention == r.type);
    CHECK(e.heads_factor == r.heads_factor);
    CHECK(e.head_dim == r.head_dim);
    CHECK(e.kv_cache == r.heads_factor * r.head_dim * 2 * s.params.max_seq_len * 2);
    CHECK(e.computation == 200LL * 128 * (2 * r.heads_factor * r.head_dim * 2));
  }
}

TEST_CASE("mindie estimate: type sizes") {
  SECTION("float32 → t = 4 for both terms") {
    UsageEstimate e = run(setup(R"({"num_attention_heads": 8, "num_key_value_heads": 8, "num_hidden_layers": 1, "hidden_size": 1024,
                                    "torch_dtype": "float32"})"));
    CHECK(e.t_size == 4);
    CHECK(e.ct_size == 4);
    CHECK(e.at_size == 4);
  }
  SECTION("kv_quant_type c8 (any case) → ct = 1") {
    UsageEstimate e = run(setup(R"({"num_attention_heads": 8, "num_key_value_heads": 8, "num_hidden_layers": 1, "hidden_size": 1024,
                                    "quantization_config": {"kv_quant_type": "C8"}})"));
    CHECK(e.ct_size == 1);
    CHECK(e.at_size == 2);
  }
  SECTION("quantize w8a8* → at = 1") {
    UsageEstimate e = run(setup(R"({"num_attention_heads": 8, "num_key_value_heads": 8, "num_hidden_layers": 1, "hidden_size": 1024,
                                    "quantize": "W8A8_DYNAMIC"})"));
    CHECK(e.ct_size == 2);
    CHECK(e.at_size == 1);
  }
}

TEST_CASE("mindie estimate: RAM and footprints") {
  SECTION("cpu_mem_size kept with max_preempt_count → RAM = 512 MiB + GiB") {
    UsageEstimate e = run(setup(kQwen3, {"--cpu-mem-size=4", "--max-preempt-count=2"}));
    CHECK(e.ram == 512 * kMiB + 4 * kGiB);
  }
  SECTION("cpu_mem_size dropped without max_preempt_count (Q27)") {
    UsageEstimate e = run(setup(kQwen3, {"--cpu-mem-size=4"}));
    CHECK(e.ram == 512 * kMiB);
  }
  SECTION("RESERVED_MEMORY_GB > 0 replaces the 3 GiB footprint") {
    UsageEstimate e = run(setup(kQwen3, {}, {{"RESERVED_MEMORY_GB", "5"}}));
    CHECK(e.vram_footprint == 5 * kGiB);
  }
  SECTION("RESERVED_MEMORY_GB not an integer keeps 3 GiB") {
    UsageEstimate e = run(setup(kQwen3, {}, {{"RESERVED_MEMORY_GB", "x"}}));
    CHECK(e.vram_footprint == 3 * kGiB);
  }
  SECTION("GPUSTACK_MODEL_VRAM_CLAIM > 0 replaces the estimate, RAM from GPUSTACK_MODEL_RAM_CLAIM") {
    UsageEstimate e = run(setup(kQwen3, {}, {{"GPUSTACK_MODEL_VRAM_CLAIM", "1000"}, {"GPUSTACK_MODEL_RAM_CLAIM", "77"}}));
    CHECK(e.from_env);
    CHECK(e.vram == 1000);
    CHECK(e.ram == 77);
  }
  SECTION("a VRAM claim of 0 is ignored") {
    UsageEstimate e = run(setup(kQwen3, {}, {{"GPUSTACK_MODEL_VRAM_CLAIM", "0"}, {"GPUSTACK_MODEL_RAM_CLAIM", "77"}}));
    CHECK_FALSE(e.from_env);
    CHECK(e.ram == 512 * kMiB);
  }
  SECTION("weights_bytes missing is bad input") {
    Setup s = setup(kQwen3);
    s.scenario.estimates.weights_bytes.reset();
    CHECK_THROWS_AS(run(s), InputError);
  }
}

TEST_CASE("mindie estimate: multimodal formula from backend_version 2.2.rc1") {
  const char* vl = R"({"architectures": ["Qwen2_5_VLForConditionalGeneration"], "num_attention_heads": 16, "num_key_value_heads": 2,
    "num_hidden_layers": 36, "hidden_size": 2048, "vocab_size": 151936, "max_position_embeddings": 128000})";
  UsageEstimate on = run(setup(vl, {"--max-prefill-tokens=4096", "--max-iter-times=1024"}, {}, std::string("2.2.0")));
  CHECK(on.multimodal);
  CHECK(on.kv_cache == 4096LL * (36 * 128 * 4));
  CHECK(on.computation == 200LL * 1024 * (36 * 128 * 4));
  UsageEstimate rc = run(setup(vl, {}, {}, std::string("2.2.rc1")));
  CHECK(rc.multimodal);
  CHECK(rc.kv_cache == 8192LL * (36 * 128 * 4));  // max_prefill_tokens defaults to max_seq_len
  UsageEstimate old = run(setup(vl, {}, {}, std::string("2.1.rc2")));
  CHECK_FALSE(old.multimodal);
  UsageEstimate none = run(setup(vl));  // no version compares as 0.0.0
  CHECK_FALSE(none.multimodal);
  UsageEstimate text = run(setup(kQwen3, {}, {}, std::string("2.2.0")));
  CHECK_FALSE(text.multimodal);
}

TEST_CASE("mindie estimate: MLA without qk_nope_head_dim is a reference error") {
  Setup s = setup(R"({"num_attention_heads": 8, "num_key_value_heads": 8, "q_lora_rank": 1, "kv_lora_rank": 1, "num_hidden_layers": 1})");
  CHECK_THROWS_AS(run(s), ReferenceError);
}

TEST_CASE("mindie: gpustack-runtime version ordering") {
  struct Row {
    const char* a;
    const char* b;
    int want;
  };
  const Row rows[] = {
      {"2.2.rc1", "2.2.rc1", 0}, {"2.2.0", "2.2.rc1", 1}, {"2.2", "2.2.rc1", 1},     {"2.2.rc2", "2.2.rc1", 1},
      {"2.1.9", "2.2.rc1", -1},  {"0.0.0", "2.2.rc1", -1}, {"2.2.beta1", "2.2.rc1", -1}, {"2.2.alpha", "2.2.beta", -1},
      {"2.10.0", "2.9.0", 1},    {"2.2-1", "2.2.1", 0},    {"2.2.1", "2.2", 1},
  };
  for (const Row& r : rows) {
    INFO(r.a << " vs " << r.b);
    CHECK(compare_versions(r.a, r.b) == r.want);
  }
}
