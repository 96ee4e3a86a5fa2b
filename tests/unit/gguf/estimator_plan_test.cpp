// §2.4: offload plan and tensor split — which device holds which layers and the output layer,
// RPC devices first, positions per group, the output as one more split slot.
#include <catch2/catch.hpp>

#include "estimator_fixtures.h"
#include "gguf/estimator.h"
#include "scenario/errors.h"

using namespace placement::gguf;

namespace {

struct Dev {
  int layers;
  int last;
  bool output;
  bool remote = false;
  int position = 0;
};

struct Row {
  const char* rule;
  std::uint64_t L;
  std::optional<long long> ngl;
  std::vector<double> split;
  std::vector<std::string> rpc;
  int offload_layers;
  bool full;
  Dev ram;
  std::vector<Dev> vrams;
};

void check_device(const DeviceEstimate& got, const Dev& want) {
  CHECK(got.handle_layers == want.layers);
  CHECK(got.handle_last_layer == want.last);
  CHECK(got.handle_output_layer == want.output);
  CHECK(got.remote == want.remote);
  CHECK(got.position == want.position);
}

}  // namespace

TEST_CASE("offload plan and tensor split (§2.4)", "[gguf][estimator]") {
  const std::vector<std::string> rpc4 = {"h1:1", "h1:2", "h2:1", "h3:1"};
  const Row rows[] = {
      {"default: all layers and the output on one GPU", 80, std::nullopt, {}, {}, 81, true,
       {0, -1, false}, {{80, 79, true}}},
      {"-ts 8,10: 36 layers, then 44 + output (output is a split slot)", 80, std::nullopt, {8, 10}, {}, 81, true,
       {0, -1, false}, {{36, 35, false}, {44, 79, true, false, 1}}},
      {"-ts 8,10,12,6 with 4 RPC servers: all remote", 80, std::nullopt, {8, 10, 12, 6}, rpc4, 81, true,
       {0, -1, false},
       {{18, 17, false, true, 0}, {23, 40, false, true, 1}, {27, 67, false, true, 2}, {12, 79, true, true, 3}}},
      {"-ts 11,12,8,10,6 with 4 RPC servers: the local GPU is position 0", 80, std::nullopt, {11, 12, 8, 10, 6}, rpc4,
       81, true, {0, -1, false},
       {{19, 18, false, true, 0}, {21, 39, false, true, 1}, {14, 53, false, true, 2}, {17, 70, false, true, 3},
        {9, 79, true, false, 0}}},
      {"-ngl -1 is the default", 4, -1, {}, {}, 5, true, {0, -1, false}, {{4, 3, true}}},
      {"-ngl 0: everything on the host, output too", 4, 0, {}, {}, 0, false, {4, 3, true}, {{0, -1, false}}},
      {"-ngl 2: the FIRST layers stay on the host", 4, 2, {}, {}, 2, false, {2, 1, true}, {{2, 3, false}}},
      {"-ngl L: all layers offloaded, the output stays on the host", 4, 4, {}, {}, 4, false, {0, -1, true},
       {{4, 3, false}}},
      {"-ngl L+1: full offload", 4, 5, {}, {}, 5, true, {0, -1, false}, {{4, 3, true}}},
      {"-ngl above L+1: full offload", 4, 99, {}, {}, 5, true, {0, -1, false}, {{4, 3, true}}},
      {"partial + split: n_act has no output slot", 4, 2, {1, 1}, {}, 2, false, {2, 1, true},
       {{1, 2, false}, {1, 3, false, false, 1}}},
      {"full + split 1,1: the output takes a slot, so 3 + (1 + output)", 4, std::nullopt, {1, 1}, {}, 5, true,
       {0, -1, false}, {{3, 2, false}, {1, 3, true, false, 1}}},
      {"-ts 1,1 --rpc: the RPC server comes first, the local GPU is position 0", 4, std::nullopt, {1, 1}, {"h:1"}, 5,
       true, {0, -1, false}, {{3, 2, false, true, 0}, {1, 3, true, false, 0}}},
      {"a zero split entry gets no layer", 4, std::nullopt, {0, 1}, {}, 5, true, {0, -1, false},
       {{0, -1, false}, {4, 3, true, false, 1}}},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    EstimatorOptions o;
    o.gpu_layers = r.ngl;
    o.tensor_split = r.split;
    o.rpc = r.rpc;
    const Estimate e = estimate(test::small_llama(r.L), o);
    REQUIRE(e.items.size() == 1);
    const EstimateItem& it = e.items[0];
    CHECK(it.offload_layers == r.offload_layers);
    CHECK(it.full_offloaded == r.full);
    check_device(it.ram, r.ram);
    REQUIRE(it.vrams.size() == r.vrams.size());
    for (std::size_t k = 0; k < r.vrams.size(); ++k) {
      INFO("vram " << k);
      check_device(it.vrams[k], r.vrams[k]);
    }
  }
}

TEST_CASE("block_count 0 counts the layer list (§2.3)", "[gguf][estimator]") {
  ModelProfile p = test::small_llama(3);
  p.block_count = 0;
  const Estimate e = estimate(p, EstimatorOptions{});
  CHECK(e.items[0].offload_layers == 4);
  CHECK(e.items[0].vrams[0].handle_layers == 3);
}

TEST_CASE("gguf-parser refusals become InputError naming the option", "[gguf][estimator]") {
  struct Row {
    const char* rule;
    EstimatorOptions options;
    const char* pointer;
  };
  EstimatorOptions rpc_without_room;
  rpc_without_room.tensor_split = {1};
  rpc_without_room.rpc = {"a:1", "b:1"};
  EstimatorOptions ubatch_above_batch;
  ubatch_above_batch.batch_size = 256;  // the default ubatch 512 is larger
  EstimatorOptions main_gpu_outside;
  main_gpu_outside.tensor_split = {1, 1};
  main_gpu_outside.main_gpu = 2;
  EstimatorOptions all_zero;
  all_zero.tensor_split = {0, 0};
  EstimatorOptions negative;
  negative.tensor_split = {1, -1};
  const Row rows[] = {
      {"more RPC servers than split entries", rpc_without_room, "/options/rpc"},
      {"--ubatch-size above --batch-size", ubatch_above_batch, "/options/ubatch-size"},
      {"--main-gpu outside the split", main_gpu_outside, "/options/main-gpu"},
      {"an all-zero split", all_zero, "/options/tensor-split"},
      {"a negative split entry", negative, "/options/tensor-split"},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    try {
      estimate(test::small_llama(), r.options);
      FAIL("no error");
    } catch (const placement::InputError& e) {
      CHECK(e.pointer() == r.pointer);
    }
  }
  ModelProfile adapter = test::small_llama();
  adapter.type = "adapter";
  CHECK_THROWS_AS(estimate(adapter, EstimatorOptions{}), placement::InputError);
}
