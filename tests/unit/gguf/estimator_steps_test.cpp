// --gpu-layers-step: the items gguf-parser's CLI emits (format-and-estimate.md §2.1), the shape
// GPUStack's "partial" query consumes.
#include <catch2/catch.hpp>

#include "estimator_fixtures.h"
#include "gguf/estimator.h"

using namespace placement::gguf;

TEST_CASE("gpu-layers-step items", "[gguf][estimator]") {
  struct Row {
    const char* rule;
    std::optional<std::uint64_t> step;
    std::optional<long long> ngl;
    std::vector<int> offload_layers;  // per item
  };
  const Row rows[] = {
      {"no step: one item", std::nullopt, std::nullopt, {5}},
      {"step 1: 0…L offloaded, then full offload (L+2 items)", 1, std::nullopt, {0, 1, 2, 3, 4, 5}},
      {"step 2: 0, 2, 4, then full", 2, std::nullopt, {0, 2, 4, 5}},
      {"step 3: 0, 3, then full (L not a multiple)", 3, std::nullopt, {0, 3, 5}},
      {"a step above L is L: one item", 10, std::nullopt, {5}},
      {"step 0 is no step", 0, std::nullopt, {5}},
      {"with -ngl 2: 0, 1, then the -ngl item", 1, 2, {0, 1, 2}},
      {"with -ngl 0: one item", 1, 0, {0}},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    EstimatorOptions o;
    o.gpu_layers_step = r.step;
    o.gpu_layers = r.ngl;
    const Estimate e = estimate(test::small_llama(4), o);
    REQUIRE(e.items.size() == r.offload_layers.size());
    for (std::size_t i = 0; i < e.items.size(); ++i) {
      CHECK(e.items[i].offload_layers == r.offload_layers[i]);
      CHECK(e.items[i].full_offloaded == (r.offload_layers[i] == 5));
    }
  }
}

TEST_CASE("each stepped item equals the estimate at that -ngl", "[gguf][estimator]") {
  EstimatorOptions stepped;
  stepped.gpu_layers_step = 1;
  stepped.tensor_split = {3, 1};
  stepped.no_mmap = true;
  const Estimate all = estimate(test::small_llama(4), stepped);
  REQUIRE(all.items.size() == 6);
  for (int ngl = 0; ngl <= 4; ++ngl) {
    INFO("ngl " << ngl);
    EstimatorOptions one = stepped;
    one.gpu_layers_step.reset();
    one.gpu_layers = ngl;
    const EstimateItem single = estimate(test::small_llama(4), one).items.at(0);
    const EstimateItem& item = all.items[static_cast<std::size_t>(ngl)];
    CHECK(item.ram.uma == single.ram.uma);
    CHECK(item.ram.nonuma == single.ram.nonuma);
    REQUIRE(item.vrams.size() == 2);
    for (std::size_t k = 0; k < 2; ++k) {
      CHECK(item.vrams[k].nonuma == single.vrams[k].nonuma);
      CHECK(item.vrams[k].handle_layers == single.vrams[k].handle_layers);
    }
  }
}
