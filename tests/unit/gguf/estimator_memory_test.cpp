// §2.2/2.5 settings, §2.6 footprint, §2.7 weights, §2.8 KV cache — on the small hand-built model
// (n_embd 256, 2 KV heads of 32, vocab 1000 gpt2 with 500 merges, header 100,000 bytes).
#include <catch2/catch.hpp>

#include <functional>

#include "estimator_fixtures.h"
#include "gguf/estimator_internal.h"

using namespace placement::gguf;
using namespace placement::gguf::estimator_detail;

namespace {

using Tweak = std::function<void(ModelProfile&, EstimatorOptions&)>;

Run run_of(const ModelProfile& p, const Settings& s, const EstimatorOptions& o) {
  Run run = plan_run(p, s, o.gpu_layers);
  add_footprint(run);
  add_weights(run);
  add_kv_cache(run);
  return run;
}

}  // namespace

TEST_CASE("settings: context padding, batches, flash attention (§2.2, §2.5)", "[gguf][estimator]") {
  struct Row {
    const char* rule;
    Tweak tweak;
    u64 n_ctx, n_tok;
    long long logical, physical;
    bool fa;
  };
  const Row rows[] = {
      {"defaults: the model's context, ubatch 512", [](auto&, auto&) {}, 4096, 512, 2048, 512, false},
      {"context padded to 32", [](auto&, auto& o) { o.ctx_size = 1000; }, 1024, 512, 2048, 512, false},
      {"context padded to 32 (1100 → 1120)", [](auto&, auto& o) { o.ctx_size = 1100; }, 1120, 512, 2048, 512, false},
      {"flash attention pads to 256 (1100 → 1280)", [](auto&, auto& o) { o.ctx_size = 1100, o.flash_attention = true; },
       1280, 512, 2048, 512, true},
      {"n_tok = min(context, ubatch)", [](auto&, auto& o) { o.ctx_size = 100; }, 128, 128, 2048, 512, false},
      {"ctx-size 0 = the model's", [](auto&, auto& o) { o.ctx_size = 0; }, 4096, 512, 2048, 512, false},
      {"a context above training is kept", [](auto&, auto& o) { o.ctx_size = 10000; }, 10016, 512, 2048, 512, false},
      {"--in-max-ctx-size caps it", [](auto&, auto& o) { o.ctx_size = 10000, o.in_max_ctx_size = true; }, 4096, 512,
       2048, 512, false},
      {"batch/ubatch as given", [](auto&, auto& o) { o.batch_size = 1024, o.ubatch_size = 256; }, 4096, 256, 1024, 256,
       false},
      {"a batch below 32 becomes 32", [](auto&, auto& o) { o.batch_size = 16, o.ubatch_size = 16; }, 4096, 16, 32, 16,
       false},
      {"grok cannot use flash attention", [](auto& p, auto& o) { p.architecture = "grok", o.flash_attention = true; },
       4096, 512, 2048, 512, false},
      {"embedding model: context ≤ training, one batch of it",
       [](auto& p, auto& o) { p.causal = false, o.ctx_size = 10000; }, 4096, 4096, 4096, 4096, false},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ModelProfile p = test::small_llama();
    EstimatorOptions o;
    r.tweak(p, o);
    const Settings s = resolve_settings(p, o);
    CHECK(s.n_ctx == r.n_ctx);
    CHECK(s.n_kv == r.n_ctx);
    CHECK(s.n_tok == r.n_tok);
    CHECK(s.logical_batch == r.logical);
    CHECK(s.physical_batch == r.physical);
    CHECK(s.flash_attention == r.fa);
  }
}

TEST_CASE("settings: cache types, V fallback, footprints, split fractions", "[gguf][estimator]") {
  ModelProfile p = test::small_llama();
  EstimatorOptions o;
  o.cache_type_k = "q8_0";
  o.cache_type_v = "q4_0";
  Settings s = resolve_settings(p, o);
  CHECK(s.type_k == 8);  // K keeps its quantized type
  CHECK(s.type_v == 1);  // quantized V without flash attention falls back to F16
  o.flash_attention = true;
  s = resolve_settings(p, o);
  CHECK(s.type_v == 2);
  o.cache_type_k = "bogus";  // gguf-parser maps unknown names to F16
  CHECK(resolve_settings(p, o).type_k == 1);

  EstimatorOptions f;
  f.platform_footprint_ram_mib = 150;
  f.platform_footprint_vram_mib = 500;
  s = resolve_settings(p, f);
  CHECK(s.platform_ram == 150ULL << 20);
  CHECK(s.platform_vram == 500ULL << 20);

  EstimatorOptions t;
  t.tensor_split = {8, 10};
  s = resolve_settings(p, t);
  REQUIRE(s.fractions.size() == 2);
  CHECK(s.fractions[0] == 8.0 / 18.0);
  CHECK(s.fractions[1] == 1.0);
  t.rpc = {"h:1"};
  CHECK(resolve_settings(p, t).rpc_count == 1);
  EstimatorOptions rpc_only;
  rpc_only.rpc = {"h:1"};  // without a split gguf-parser ignores --rpc
  s = resolve_settings(p, rpc_only);
  CHECK(s.rpc_count == 0);
  CHECK(s.fractions == std::vector<double>{1.0});
}

TEST_CASE("footprint (§2.6)", "[gguf][estimator]") {
  struct Row {
    const char* rule;
    Tweak tweak;
    u64 host, gpu;
  };
  // 5 MiB + 100,000 header + 1000·(8 + 88) tokens + 500·104 merges = 5,490,880; the output buffer
  // is 4·256·512 embeddings + 4·1000·512 logits = 2,572,288.
  const Row rows[] = {
      {"full offload: the output buffer goes with the output layer", [](auto&, auto&) {}, 5490880, 2572288},
      {"merges cost only for gpt2 tokenizers", [](auto& p, auto&) { p.tokenizer.model = "llama"; }, 5438880, 2572288},
      {"partial offload: the output buffer stays on the host", [](auto&, auto& o) { o.gpu_layers = 2; },
       5490880 + 2572288, 0},
      {"-ngl L keeps the output (and its buffer) on the host", [](auto&, auto& o) { o.gpu_layers = 4; },
       5490880 + 2572288, 0},
      {"embedding model: no logits, n_tok = context", [](auto& p, auto&) { p.causal = false; }, 5490880, 4 * 256 * 4096},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ModelProfile p = test::small_llama();
    EstimatorOptions o;
    r.tweak(p, o);
    const Settings s = resolve_settings(p, o);
    const Run run = run_of(p, s, o);
    CHECK(run.devices[0].footprint == r.host);
    CHECK(run.devices[1].footprint == r.gpu);
  }
}

TEST_CASE("weights (§2.7)", "[gguf][estimator]") {
  const u64 block = test::kSmallBlockBytes;
  LayerKind bigger = test::small_block();
  bigger.tensors.push_back(test::tensor("attn_q_norm.weight", test::F32, {256}));
  bigger.bytes += 1024;
  struct Row {
    const char* rule;
    Tweak tweak;
    u64 host_input, host_compute, host_output, gpu_compute, gpu_output;
  };
  const Row rows[] = {
      {"full: blocks on the GPU, output counted on host and GPU", [](auto&, auto&) {}, test::kSmallEmbdBytes, 0,
       test::kSmallOutputBytes, 4 * block, test::kSmallOutputBytes},
      {"partial: the first blocks on the host, output on the host only", [](auto&, auto& o) { o.gpu_layers = 1; },
       test::kSmallEmbdBytes, 3 * block, test::kSmallOutputBytes, block, 0},
      {"tied embeddings: output = output groups + token embeddings",
       [](auto& p, auto&) {
         p.output.pop_back();
         p.input = {test::tensor("token_embd.weight", test::F32, {256, 1000})};
       },
       1024000, 0, 1024 + 1024000, 4 * block, 1024 + 1024000},
      {"a leading stray tensor is a TF entry and stays on the host",
       [](auto& p, auto& o) {
         p.layer_kinds.push_back(test::kind(false, {test::tensor("rope_freqs.weight", test::F32, {64})}));
         p.layers.insert(p.layers.begin(), 1);
         o.gpu_layers = 2;
       },
       test::kSmallEmbdBytes, 256 + 2 * block, test::kSmallOutputBytes, 2 * block, 0},
      {"weights follow TF positions, not layer numbers (out-of-order blocks)",
       [&](auto& p, auto& o) {
         p.layer_kinds.push_back(bigger);
         p.layers = {0, 0, 1, 0};  // the bigger block is third in the file
         o.gpu_layers = 1;         // the last TF entry (a small block) goes to the GPU
       },
       test::kSmallEmbdBytes, 2 * block + block + 1024, test::kSmallOutputBytes, block, 0},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ModelProfile p = test::small_llama();
    EstimatorOptions o;
    r.tweak(p, o);
    const Settings s = resolve_settings(p, o);
    const Run run = run_of(p, s, o);
    CHECK(run.devices[0].weight_input == r.host_input);
    CHECK(run.devices[0].weight_compute == r.host_compute);
    CHECK(run.devices[0].weight_output == r.host_output);
    CHECK(run.devices[1].weight_input == 0);
    CHECK(run.devices[1].weight_compute == r.gpu_compute);
    CHECK(run.devices[1].weight_output == r.gpu_output);
  }
}

TEST_CASE("KV cache (§2.8)", "[gguf][estimator]") {
  // Per layer at n_kv 4096, F16: K = V = 32 · 2 heads · 4096 · 2 bytes = 524,288.
  const u64 layer = 2 * 524288;
  struct Row {
    const char* rule;
    Tweak tweak;
    u64 host, gpu0, gpu1;
  };
  const Row rows[] = {
      {"full offload: every layer's KV on its device", [](auto&, auto&) {}, 0, 4 * layer, 0},
      {"partial: host keeps the KV of its layers", [](auto&, auto& o) { o.gpu_layers = 1; }, 3 * layer, layer, 0},
      {"zero offload: all KV on the host", [](auto&, auto& o) { o.gpu_layers = 0; }, 4 * layer, 0, 0},
      {"--no-kv-offload: all KV on the host", [](auto&, auto& o) { o.no_kv_offload = true; }, 4 * layer, 0, 0},
      {"split: by layers held", [](auto&, auto& o) { o.tensor_split = {1, 1}; }, 0, 3 * layer, layer},
      {"MLA head sizes replace the plain ones when both are set",
       [](auto& p, auto&) { p.key_length_mla = 64, p.value_length_mla = 48; }, 0, 4 * (1048576 + 786432), 0},
      {"one MLA size alone is ignored", [](auto& p, auto&) { p.key_length_mla = 64; }, 0, 4 * layer, 0},
      {"q8_0 K and V with flash attention", [](auto&, auto& o) {
         o.cache_type_k = o.cache_type_v = "q8_0";
         o.flash_attention = true;
       }, 0, 4 * (2 * 278528), 0},
      {"q8_0 V without flash attention falls back to F16", [](auto&, auto& o) { o.cache_type_v = "q8_0"; }, 0,
       4 * layer, 0},
      {"q8_0 K without flash attention stays q8_0", [](auto&, auto& o) { o.cache_type_k = "q8_0"; }, 0,
       4 * (278528 + 524288), 0},
      {"f32 cache doubles it", [](auto&, auto& o) { o.cache_type_k = o.cache_type_v = "f32"; }, 0, 8 * layer, 0},
      {"context 1000 pads to 1024", [](auto&, auto& o) { o.ctx_size = 1000; }, 0, layer, 0},
      {"--parallel does not multiply it", [](auto&, auto& o) { o.parallel = 4; }, 0, 4 * layer, 0},
      {"embedding models have no KV cache", [](auto& p, auto&) { p.causal = false; }, 0, 0, 0},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ModelProfile p = test::small_llama();
    EstimatorOptions o;
    r.tweak(p, o);
    const Settings s = resolve_settings(p, o);
    const Run run = run_of(p, s, o);
    CHECK(run.devices[0].kv_cache == r.host);
    CHECK(run.devices[1].kv_cache == r.gpu0);
    if (run.devices.size() > 2) CHECK(run.devices[2].kv_cache == r.gpu1);
  }
}
