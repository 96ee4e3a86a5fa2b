// format-and-estimate.md §2.11: Llama 3.1 70B, --ctx-size 1024 --tensor-split 8,10, every
// intermediate figure of the table and the final item, byte for byte.
#include <catch2/catch.hpp>

#include "estimator_fixtures.h"
#include "gguf/estimator.h"
#include "gguf/estimator_internal.h"

using namespace placement::gguf;
using namespace placement::gguf::estimator_detail;

namespace {

EstimatorOptions worked_example_options() {
  EstimatorOptions o;
  o.ctx_size = 1024;
  o.tensor_split = {8, 10};
  return o;
}

}  // namespace

TEST_CASE("worked example: every intermediate figure of §2.11", "[gguf][estimator]") {
  const ModelProfile p = test::llama70b_like();
  const Settings s = resolve_settings(p, worked_example_options());
  Run run = plan_run(p, s, std::nullopt);
  add_footprint(run);
  add_weights(run);
  add_kv_cache(run);
  add_computation(run);
  const Device &host = run.devices[0], &gpu0 = run.devices[1], &gpu1 = run.devices[2];

  struct Row {
    const char* what;
    std::uint64_t got;
    std::uint64_t expected;
  };
  const Row rows[] = {
      {"n_ctx", s.n_ctx, 1024},
      {"n_tok", s.n_tok, 512},
      {"host footprint: 5 MiB + header + 96·T + 104·M", host.footprint, 54556952},
      {"gpu0 footprint", gpu0.footprint, 0},
      {"gpu1 footprint: logits buffer", gpu1.footprint, 279445504},
      {"host input weights", host.weight_input, 591003648},
      {"host TF weights: rope_freqs", host.weight_compute, 256},
      {"host output weights (counted, then mapped)", host.weight_output, 861913088},
      {"gpu0 weights: 36 layers", gpu0.weight_compute, 18476826624ULL},
      {"gpu1 weights: 44 layers", gpu1.weight_compute, 22582788096ULL},
      {"gpu1 output weights", gpu1.weight_output, 861913088},
      {"host KV", host.kv_cache, 0},
      {"gpu0 KV: 36 × 4 MiB", gpu0.kv_cache, 150994944},
      {"gpu1 KV: 44 × 4 MiB", gpu1.kv_cache, 184549376},
      {"host graph + scheduler + contexts", host.comp_footprint, 7516368},
      {"host inputs", host.comp_input, 18880512},
      {"gpu inputs ×4 (two GPUs, no RPC)", gpu0.comp_input, 75505664},
      {"host layer compute", host.comp_compute, 155189248},
      {"gpu layer compute", gpu0.comp_compute, 184549376},
      {"gpu1 output compute", gpu1.comp_output, 279445504},
      {"host output compute", host.comp_output, 0},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    CHECK(r.got == r.expected);
  }
}

TEST_CASE("worked example: the item gguf-parser prints", "[gguf][estimator]") {
  const Estimate e = estimate(test::llama70b_like(), worked_example_options());
  REQUIRE(e.items.size() == 1);
  const EstimateItem& it = e.items[0];
  CHECK(e.context_size == 1024);
  CHECK(e.architecture == "llama");
  CHECK(it.offload_layers == 81);
  CHECK(it.full_offloaded);
  CHECK(it.ram.handle_layers == 0);
  CHECK(it.ram.handle_last_layer == -1);
  CHECK_FALSE(it.ram.handle_output_layer);
  CHECK(it.ram.uma == 236143080);
  CHECK(it.ram.nonuma == 393429480);
  REQUIRE(it.vrams.size() == 2);
  CHECK(it.vrams[0].handle_layers == 36);
  CHECK(it.vrams[0].handle_last_layer == 35);
  CHECK_FALSE(it.vrams[0].handle_output_layer);
  CHECK(it.vrams[0].position == 0);
  CHECK(it.vrams[0].uma == 150994944);
  CHECK(it.vrams[0].nonuma == 19150020608LL);
  CHECK(it.vrams[1].handle_layers == 44);
  CHECK(it.vrams[1].handle_last_layer == 79);
  CHECK(it.vrams[1].handle_output_layer);
  CHECK(it.vrams[1].position == 1);
  CHECK(it.vrams[1].uma == 23908696064LL);
  CHECK(it.vrams[1].nonuma == 24525791232LL);
}
