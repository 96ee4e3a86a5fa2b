// §2.9 compute buffers on the small model (n_embd 256, 8 heads, 2 KV heads of 32; n_kv 4096,
// n_tok 512): host overhead, inputs, per-layer compute of the last TF entry, output compute.
#include <catch2/catch.hpp>

#include <functional>

#include "estimator_fixtures.h"
#include "gguf/estimator_internal.h"

using namespace placement::gguf;
using namespace placement::gguf::estimator_detail;

namespace {

using Tweak = std::function<void(ModelProfile&, EstimatorOptions&)>;

Run computed(const ModelProfile& p, const Settings& s, const EstimatorOptions& o) {
  Run run = plan_run(p, s, o.gpu_layers);
  add_computation(run);
  return run;
}

void replace_last_block(ModelProfile& p, const std::string& role, ProfileTensor replacement) {
  LayerKind k = p.layer_kinds[p.layers.back()];
  for (ProfileTensor& t : k.tensors)
    if (t.name == role) t = std::move(replacement);
  p.layer_kinds.push_back(test::kind(true, k.tensors));
  p.layers.back() = static_cast<std::uint32_t>(p.layer_kinds.size() - 1);
}

// load_attn = K + V rows at n_kv 4096 = 2 · (32 · 4096 · 2 heads · 2 bytes).
constexpr u64 kLoad = 1048576;
// Non-FA attention of the last block: attn_norm 4·256·512 + Q 2·4·256·512 + KQ 4·4096·512·8.
constexpr u64 kAttn = 524288 + 1048576 + 67108864;
// FFN: attn_norm + ffn_norm (4·256·512 each) + ffn_gate + ffn_up (4·512·512 each).
constexpr u64 kFfn = 2 * 524288 + 2 * 1048576;

}  // namespace

TEST_CASE("host graph, scheduler and context overhead", "[gguf][estimator]") {
  struct Row {
    const char* rule;
    u64 tensors, layers, expected;
  };
  const Row rows[] = {
      // nodes 1024: 400·1024 + graph(1024) 41,344 + 4 MiB + 800·(39 + 1 + 12)
      {"nodes = max(1024, 8·tensors): small model", 39, 4, 409600 + 41344 + 4194304 + 800 * 52},
      // §2.11: 724 tensors, 80 layers, nodes 5792
      {"the 70B example", 724, 80, 7516368},
      // nodes 40000: 2·nodes ≥ 65537 gives hash size 2; graph = 32 + pad(80 + 960000 + 16 + 4, 16)
      {"past the hash table: hash size 2", 5000, 4, 16000000 + 960144 + 4194304 + 800 * 5013},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ModelProfile p = test::small_llama(r.layers);
    p.tensor_count = r.tensors;
    EstimatorOptions o;
    const Settings s = resolve_settings(p, o);
    CHECK(computed(p, s, o).devices[0].comp_footprint == r.expected);
  }
}

TEST_CASE("input buffers", "[gguf][estimator]") {
  // host: tokens + positions + output ids (4·512 each) + embeddings 4·256·512 + KQ mask 4·4096·512
  const u64 host = 3 * 2048 + 524288 + 8388608;
  const u64 gpu = 524288 + 2048 + 8388608;
  struct Row {
    const char* rule;
    Tweak tweak;
    u64 gpu_input;
  };
  const Row rows[] = {
      {"one GPU", [](auto&, auto&) {}, gpu},
      {"several GPUs without RPC: ×4", [](auto&, auto& o) { o.tensor_split = {1, 1}; }, 4 * gpu},
      {"several GPUs, MoE: ×2", [](auto& p, auto& o) { o.tensor_split = {1, 1}, p.expert_count = 8; }, 2 * gpu},
      {"with RPC servers: no factor", [](auto&, auto& o) { o.tensor_split = {1, 1}, o.rpc = {"h:1"}; }, gpu},
      {"zero offload still gives the GPUs input buffers", [](auto&, auto& o) { o.gpu_layers = 0; }, gpu},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ModelProfile p = test::small_llama();
    EstimatorOptions o;
    r.tweak(p, o);
    const Settings s = resolve_settings(p, o);
    const Run run = computed(p, s, o);
    CHECK(run.devices[0].comp_input == host);
    for (std::size_t j = 1; j < run.devices.size(); ++j) CHECK(run.devices[j].comp_input == r.gpu_input);
  }
}

TEST_CASE("per-layer compute of the last TF entry", "[gguf][estimator]") {
  struct Row {
    const char* rule;
    Tweak tweak;
    u64 host, gpu0, gpu1 = 0;
  };
  const Row rows[] = {
      {"full offload: GPU = max(attention, ffn), host = load + ffn", [](auto&, auto&) {}, kLoad + kFfn, kAttn},
      {"partial: attention adds load_attn; n_load > 1 adds it to the first local GPU",
       [](auto&, auto& o) { o.gpu_layers = 2; }, kLoad + kFfn, kAttn + kLoad + kLoad},
      {"partial with n_load 1: no extra load_attn", [](auto&, auto& o) { o.gpu_layers = 3; }, kLoad + kFfn,
       kAttn + kLoad},
      {"zero offload: host = load only; GPUs keep their buffers (+ load, n_load > 1)",
       [](auto&, auto& o) { o.gpu_layers = 0; }, kLoad, kAttn + kLoad},
      {"the extra load_attn skips RPC servers", [](auto&, auto& o) {
         o.gpu_layers = 2, o.tensor_split = {1, 1}, o.rpc = {"h:1"};
       }, kLoad + kFfn, kAttn + kLoad, kAttn + kLoad + kLoad},
      {"flash attention: F16 mask + norm + Q bytes + load_attn", [](auto&, auto& o) { o.flash_attention = true; },
       kLoad + kFfn, 2 * 4096 * 512 + 524288 + 131072 + kLoad},
      {"attn_qkv adds the fused weight's activations",
       [](auto& p, auto&) { replace_last_block(p, "attn_q.weight", test::tensor("attn_qkv.weight", test::F16, {256, 384})); },
       kLoad + kFfn, 524288 + 1048576 + 67108864 + 4 * 256 * 768},
      {"attn_q_b uses its last dimension",
       [](auto& p, auto&) { replace_last_block(p, "attn_q.weight", test::tensor("attn_q_b.weight", test::F16, {64, 384})); },
       kLoad + kFfn, 524288 + 2 * 4 * 384 * 512 + 67108864},
      {"attn_q_a / ffn_gate_inp / ffn_gate_exps do not match any rule",
       [](auto& p, auto&) {
         LayerKind k = p.layer_kinds[0];
         k.tensors.push_back(test::tensor("attn_q_a.weight", test::F16, {256, 64}));
         k.tensors.push_back(test::tensor("ffn_gate_inp.weight", test::F32, {256, 8}));
         k.tensors.push_back(test::tensor("ffn_gate_exps.weight", test::F16, {256, 512, 8}));
         p.layer_kinds.push_back(test::kind(true, k.tensors));
         p.layers.back() = 1;
       },
       kLoad + kFfn, kAttn},
      {"MoE terms: gate input, logits, expert down",
       [](auto& p, auto&) { p.expert_count = 8, p.expert_used_count = 2; },
       kLoad + kFfn + 4 * 8 * 256 + 4 * 8 * 512 + 4 * 256 * 2 * 512, kAttn},
      {"a stray last TF entry matches nothing",
       [](auto& p, auto&) {
         p.layer_kinds.push_back(test::kind(false, {test::tensor("attn_norm.weight", test::F32, {256})}));
         p.layers.push_back(1);
       },
       kLoad, 0},
      {"only the LAST TF entry counts", [](auto& p, auto&) {
         p.layer_kinds.push_back(test::kind(true, {test::tensor("attn_norm.weight", test::F32, {256})}));
         p.layers.front() = 1;
       }, kLoad + kFfn, kAttn},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ModelProfile p = test::small_llama();
    EstimatorOptions o;
    r.tweak(p, o);
    const Settings s = resolve_settings(p, o);
    const Run run = computed(p, s, o);
    CHECK(run.devices[0].comp_compute == r.host);
    CHECK(run.devices[1].comp_compute == r.gpu0);
    if (run.devices.size() > 2) CHECK(run.devices[2].comp_compute == r.gpu1);
    // Resolved once per estimate (Settings::constants) or read from the names per item: the same.
    REQUIRE(s.constants);
    Settings per_item = s;
    per_item.constants.reset();
    per_item.last_roles.clear();
    const Run reread = computed(p, per_item, o);
    for (std::size_t j = 0; j < run.devices.size(); ++j) CHECK(reread.devices[j].comp_compute == run.devices[j].comp_compute);
  }
}

TEST_CASE("output compute", "[gguf][estimator]") {
  // output_norm 4·256·512 + logits 4·1000·512
  struct Row {
    const char* rule;
    Tweak tweak;
    u64 host, gpu;
  };
  const Row rows[] = {
      {"full offload: on the output device", [](auto&, auto&) {}, 0, 524288 + 2048000},
      {"partial: on the host", [](auto&, auto& o) { o.gpu_layers = 2; }, 524288 + 2048000, 0},
      {"tied embeddings: token_embd's last dimension",
       [](auto& p, auto&) {
         p.output.pop_back();
         p.input = {test::tensor("token_embd.weight", test::F16, {256, 1200})};
       },
       0, 524288 + 4 * 1200 * 512},
      {"no output_norm: logits only", [](auto& p, auto&) { p.output.erase(p.output.begin()); }, 0, 2048000},
      {"embedding models: none", [](auto& p, auto& o) { p.causal = false, o.ctx_size = 512; }, 0, 0},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    ModelProfile p = test::small_llama();
    EstimatorOptions o;
    r.tweak(p, o);
    const Settings s = resolve_settings(p, o);
    const Run run = computed(p, s, o);
    CHECK(run.devices[0].comp_output == r.host);
    CHECK(run.devices[1].comp_output == r.gpu);
  }
}

TEST_CASE("last-layer roles are read once per estimate, as the names say", "[gguf][estimator]") {
  struct Row {
    const char* name;
    bool block;
    Role role;
  };
  const Row rows[] = {
      {"attn_norm.weight", true, Role::attn_norm}, {"attn_q.weight", true, Role::attn_q},
      {"attn_qkv.weight", true, Role::attn_qkv},   {"attn_q_b.weight", true, Role::attn_q_b},
      {"ffn_norm.weight", true, Role::ffn_norm},   {"ffn_gate.weight", true, Role::ffn_gate},
      {"ffn_up.weight", true, Role::ffn_up},       {"ffn_down.weight", true, Role::none},
      {"attn_q.bias", true, Role::none},           {"attn_q", true, Role::none},
      {"attn_k.weight", true, Role::none},         {"attn_norm.weight", false, Role::none},  // not a block
  };
  for (const Row& r : rows) {
    INFO(r.name << (r.block ? "" : " (not a block)"));
    ModelProfile p = test::small_llama();
    p.layer_kinds.push_back(test::kind(r.block, {test::tensor("ffn_up.weight", test::F32, {256}), test::tensor(r.name, test::F32, {256})}));
    p.layers.back() = static_cast<std::uint32_t>(p.layer_kinds.size() - 1);
    const Settings s = resolve_settings(p, EstimatorOptions{});
    REQUIRE(s.last_roles.size() == 2);
    CHECK(s.last_roles[0] == (r.block ? Role::ffn_up : Role::none));
    CHECK(s.last_roles[1] == r.role);
  }
  ModelProfile none = test::small_llama();
  none.layers.clear();
  CHECK(resolve_settings(none, EstimatorOptions{}).last_roles.empty());
}
