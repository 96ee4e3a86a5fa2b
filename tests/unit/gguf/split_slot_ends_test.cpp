// §2.4's tensor split as slot ranges: the run of slots each device takes (split_slot_ends) gives
// the device the per-slot search (split_device) gives, for every slot of every active count and
// every fraction list the estimator can be handed; and the plan and weights built from the ranges
// match a slot-by-slot reference, including TF lists longer or shorter than the block count.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

#include "estimator_fixtures.h"
#include "gguf/estimator_internal.h"

using namespace placement::gguf;
using namespace placement::gguf::estimator_detail;

namespace {

// Every slot of [0, count) against split_device; the ranges must cover it exactly.
void check_ranges(const Settings& s, u64 active, u64 count) {
  const std::vector<u64> ends = split_slot_ends(s, active, count);
  REQUIRE(ends.size() == s.fractions.size());
  REQUIRE(ends.back() == count);
  for (std::size_t k = 1; k < ends.size(); ++k) REQUIRE(ends[k - 1] <= ends[k]);
  for (u64 slot = 0; slot < count; ++slot) {
    INFO("active " << active << ", count " << count << ", slot " << slot);
    CHECK(device_of_slot(ends, slot) == split_device(s, slot, active));
  }
}

}  // namespace

TEST_CASE("split slot ranges give the searched device for every slot (§2.4)", "[gguf][estimator]") {
  struct Row {
    const char* what;
    std::vector<double> fractions;
  };
  const Row rows[] = {
      {"one GPU", {1.0}},
      {"two GPUs 8:10", {8.0 / 18, 1.0}},
      {"three GPUs 1:1:1 (thirds do not round evenly)", {1.0 / 3, 2.0 / 3, 1.0}},
      {"four even GPUs", {0.25, 0.5, 0.75, 1.0}},
      {"an empty entry (two equal fractions)", {0.3, 0.3, 1.0}},
      {"a leading empty entry", {0.0, 0.5, 1.0}},
      {"last fraction below 1 (clamped to the last device)", {0.2, 0.4}},
      {"a fraction above 1 and an infinite one", {0.5, 1.5, std::numeric_limits<double>::infinity()}},
      {"a negative fraction", {-0.5, 0.5, 1.0}},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    Settings s;
    s.fractions = row.fractions;
    for (u64 active = 1; active <= 130; ++active) {
      check_ranges(s, active, active);      // output layer not a slot of its own here
      check_ranges(s, active, active - 1);  // the output layer's slot is not walked
    }
  }
}

TEST_CASE("split slot ranges on GPU-memory splits, seeded sweep (§2.4)", "[gguf][estimator]") {
  // Splits as GPUStack builds them: cumulative free VRAM over its sum, 2-8 GPUs (RPC servers
  // first), values that rarely divide evenly — the boundaries where rounding could go a slot off.
  std::mt19937_64 rng(20261204);
  std::uniform_int_distribution<int> gpus(2, 8);
  std::uniform_int_distribution<std::uint64_t> mib(1, 81920);
  for (int round = 0; round < 400; ++round) {
    const int n = gpus(rng);
    std::vector<double> values;
    double sum = 0;
    for (int i = 0; i < n; ++i) {
      values.push_back(static_cast<double>(mib(rng)) * 1048576.0);
      sum += values.back();
    }
    Settings s;
    double running = 0;
    for (double v : values) s.fractions.push_back((running += v) / sum);
    for (u64 active : {u64{1}, u64{2}, u64{7}, u64{33}, u64{81}, u64{82}, u64{127}, u64{401}}) {
      check_ranges(s, active, active);
      check_ranges(s, active, active - 1);
    }
  }
}

TEST_CASE("split slot ranges with fractions one ulp either side of a slot's x (§2.4)", "[gguf][estimator]") {
  // fraction × active rounds onto the slot although slot / active is below the fraction (or the
  // other way): the guess is a slot off and only the exact comparison puts it right.
  for (u64 active = 2; active <= 100; ++active) {
    for (u64 slot = 1; slot < active; ++slot) {
      const double x = static_cast<double>(slot) / static_cast<double>(active);
      Settings s;
      s.fractions = {std::nextafter(x, 0.0), x, std::nextafter(x, 2.0), 1.0};
      check_ranges(s, active, active);
      check_ranges(s, active, active - 1);
    }
  }
}

TEST_CASE("split slot ranges are absent when the fractions are not ascending (§2.4)", "[gguf][estimator]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const std::vector<double>& f : {std::vector<double>{0.6, 0.2, 1.0}, std::vector<double>{0.5, nan, 1.0}}) {
    Settings s;
    s.fractions = f;
    CHECK(split_slot_ends(s, 10, 10).empty());
  }
}

TEST_CASE("plan and weights from slot ranges match the slot-by-slot walk (§2.4, §2.7)", "[gguf][estimator]") {
  // Two layer kinds of different sizes in an irregular TF order, so a device's weights depend on
  // which entries its range covers; TF lists equal to, longer and shorter than the block count.
  ModelProfile p = test::small_llama(12);
  LayerKind heavy = test::small_block();
  heavy.tensors.push_back(test::tensor("ffn_down_extra.weight", test::F16, {512, 768}));
  heavy.bytes += heavy.tensors.back().bytes;
  p.layer_kinds.push_back(heavy);
  struct Row {
    const char* what;
    std::vector<std::uint32_t> tf;
    std::vector<double> fractions;
  };
  const Row rows[] = {
      {"TF = blocks, three GPUs", {0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0}, {0.2, 0.55, 1.0}},
      {"TF longer than the blocks (a stray leading entry)", {1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0}, {1.0 / 3, 2.0 / 3, 1.0}},
      {"TF shorter than the blocks", {0, 1, 1, 0, 1, 0, 0, 1, 0}, {0.1, 0.1, 0.7, 1.0}},
      {"one GPU", {0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0}, {1.0}},
  };
  for (const Row& row : rows) {
    p.layers = row.tf;
    Settings s;
    s.fractions = row.fractions;
    s.layer_bytes_before = layer_bytes_before(p);
    const long long tf = static_cast<long long>(p.layers.size());
    for (long long ngl = -1; ngl <= static_cast<long long>(p.block_count) + 1; ++ngl) {
      INFO(row.what << ", --gpu-layers " << ngl);
      Run run = plan_run(p, s, ngl);
      add_weights(run);
      const OffloadPlan& plan = run.plan;
      REQUIRE(!plan.slot_ends.empty());

      // The reference: every layer and every TF entry asks split_device on its own.
      std::vector<Device> want(s.fractions.size() + 1);
      std::size_t want_output = 0;
      const u64 offload_start = plan.layers - plan.offloaded;
      for (u64 i = 0; i < plan.layers; ++i) {
        const std::size_t dev = i >= offload_start ? split_device(s, i - offload_start, plan.active) : 0;
        want[dev].handle_layers += 1;
        want[dev].handle_last_layer = static_cast<int>(i);
        if (plan.full && i == plan.layers - 1) want_output = dev;
      }
      const long long start = tf - static_cast<long long>(plan.offloaded);
      for (long long k = 0; k < tf; ++k) {
        const std::size_t dev = k >= start ? split_device(s, static_cast<u64>(k - start), plan.active) : 0;
        want[dev].weight_compute += p.layer(static_cast<std::size_t>(k)).bytes;
      }

      CHECK(plan.output_device == want_output);
      for (std::size_t j = 0; j < want.size(); ++j) {
        INFO("device " << j);
        CHECK(run.devices[j].handle_layers == want[j].handle_layers);
        CHECK(run.devices[j].handle_last_layer == want[j].handle_last_layer);
        CHECK(run.devices[j].weight_compute == want[j].weight_compute);
      }
    }
  }
}
