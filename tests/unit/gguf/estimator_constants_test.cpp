// Settings::constants (§2.6–2.9 figures computed once per estimate) and the prefix sums and role
// table beside them change nothing: every device figure of every step is the one the same steps
// give reading the model per item, over the options that reach each constant.
#include <catch2/catch.hpp>

#include <functional>

#include "estimator_fixtures.h"
#include "gguf/estimator_internal.h"

using namespace placement::gguf;
using namespace placement::gguf::estimator_detail;

namespace {

Run all_steps(const ModelProfile& p, const Settings& s, const EstimatorOptions& o) {
  Run run = plan_run(p, s, o.gpu_layers);
  add_footprint(run);
  add_weights(run);
  add_kv_cache(run);
  add_computation(run);
  return run;
}

}  // namespace

TEST_CASE("per-estimate constants give every item the figures read per item", "[gguf][estimator]") {
  using Tweak = std::function<void(ModelProfile&, EstimatorOptions&)>;
  struct Row {
    const char* what;
    Tweak tweak;
  };
  const Row rows[] = {
      {"defaults (one GPU, full offload)", [](auto&, auto&) {}},
      {"partial offload", [](auto&, auto& o) { o.gpu_layers = 2; }},
      {"zero offload", [](auto&, auto& o) { o.gpu_layers = 0; }},
      {"two GPUs", [](auto&, auto& o) { o.tensor_split = {3, 5}; }},
      {"two GPUs, partial", [](auto&, auto& o) { o.tensor_split = {3, 5}, o.gpu_layers = 3; }},
      {"an RPC server and a GPU", [](auto&, auto& o) { o.tensor_split = {1, 1}, o.rpc = {"h:1"}; }},
      {"MoE on two GPUs", [](auto& p, auto& o) { p.expert_count = 8, p.expert_used_count = 2, o.tensor_split = {1, 1}; }},
      {"flash attention, partial", [](auto&, auto& o) { o.flash_attention = true, o.gpu_layers = 1; }},
      {"embedding model", [](auto& p, auto& o) { p.causal = false, o.ctx_size = 512; }},
      {"KV cache kept on the host", [](auto&, auto& o) { o.no_kv_offload = true, o.tensor_split = {1, 2}; }},
      {"MLA head sizes", [](auto& p, auto&) { p.key_length_mla = 48, p.value_length_mla = 40; }},
      {"tied embeddings", [](auto& p, auto&) { p.output.pop_back(); }},
      {"a llama tokenizer (no merges counted)", [](auto& p, auto&) { p.tokenizer.model = "llama"; }},
      {"no mmap", [](auto&, auto& o) { o.no_mmap = true, o.tensor_split = {2, 1}; }},
      {"quantized K cache", [](auto&, auto& o) { o.cache_type_k = "q8_0", o.gpu_layers = 3; }},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    ModelProfile p = test::small_llama(6);
    EstimatorOptions o;
    r.tweak(p, o);
    const Settings s = resolve_settings(p, o);
    REQUIRE(s.constants);
    Settings per_item = s;
    per_item.constants.reset();
    per_item.last_roles.clear();
    per_item.layer_bytes_before.clear();

    const Run cached = all_steps(p, s, o);
    const Run reread = all_steps(p, per_item, o);
    REQUIRE(cached.devices.size() == reread.devices.size());
    for (std::size_t j = 0; j < cached.devices.size(); ++j) {
      INFO("device " << j);
      const Device& a = cached.devices[j];
      const Device& b = reread.devices[j];
      CHECK(a.footprint == b.footprint);
      CHECK(a.weight_input == b.weight_input);
      CHECK(a.weight_compute == b.weight_compute);
      CHECK(a.weight_output == b.weight_output);
      CHECK(a.kv_cache == b.kv_cache);
      CHECK(a.comp_footprint == b.comp_footprint);
      CHECK(a.comp_input == b.comp_input);
      CHECK(a.comp_compute == b.comp_compute);
      CHECK(a.comp_output == b.comp_output);
    }
    // And the figures are not all zero: the comparison above would pass on an empty run.
    CHECK(cached.devices[0].footprint > 0);
    CHECK(cached.devices[0].comp_footprint > 0);
  }
}
