// §2.10: per-device usage → RAM/VRAM in the UMA and NonUMA views, on hand-set device figures.
#include <catch2/catch.hpp>

#include "estimator_fixtures.h"
#include "gguf/estimator_internal.h"

using namespace placement::gguf;
using namespace placement::gguf::estimator_detail;

namespace {

// Host: footprint 100, weights 10 + 20 + 30, KV 5, compute 1 + 2 + max(7, 3) = 10.
Device host_device() {
  Device d;
  d.footprint = 100;
  d.weight_input = 10, d.weight_compute = 20, d.weight_output = 30;
  d.kv_cache = 5;
  d.comp_footprint = 1, d.comp_input = 2, d.comp_compute = 7, d.comp_output = 3;
  return d;
}

// A GPU: footprint 1000, weights 200 + 50, KV 40, compute 3 + max(9, 4) = 12.
Device gpu_device(bool remote, int position, bool holds_layers) {
  Device d;
  d.remote = remote;
  d.position = position;
  d.handle_layers = holds_layers ? 2 : 0;
  d.handle_last_layer = holds_layers ? 3 : -1;
  d.footprint = 1000;
  d.weight_compute = 200, d.weight_output = 50;
  d.kv_cache = 40;
  d.comp_input = 3, d.comp_compute = 9, d.comp_output = 4;
  return d;
}

}  // namespace

TEST_CASE("RAM: mapped weights leave the UMA figure (§2.10)", "[gguf][estimator]") {
  struct Row {
    const char* rule;
    bool mmap, full;
    u64 uma;
  };
  const Row rows[] = {
      {"mmap, partial: weights not counted", true, false, 115},
      {"mmap, full: weights not counted", true, true, 115},
      {"no mmap, partial: all host weights counted", false, false, 175},
      {"no mmap, full: only the output weight counted", false, true, 145},
  };
  const ModelProfile p = test::small_llama();
  for (const Row& r : rows) {
    INFO(r.rule);
    Settings s;
    s.mmap = r.mmap;
    s.platform_ram = 150;
    OffloadPlan plan;
    plan.full = r.full;
    plan.offloaded = 4;
    Run run{p, s, plan, {host_device()}};
    const EstimateItem it = summarize(run);
    CHECK(it.ram.uma == static_cast<placement::Bytes>(r.uma));
    CHECK(it.ram.nonuma == static_cast<placement::Bytes>(r.uma + 150));
    CHECK(it.offload_layers == (r.full ? 5 : 4));
    CHECK(it.full_offloaded == r.full);
  }
}

TEST_CASE("VRAM: UMA without compute, NonUMA with platform footprint (§2.10)", "[gguf][estimator]") {
  struct Row {
    const char* rule;
    bool mmap, remote;
    int position;
    bool holds_layers;
    u64 uma, nonuma;
  };
  const u64 pv = 500;
  const Row rows[] = {
      {"first local GPU, mmap: weights shared with the page cache", true, false, 0, true, 1040, pv + 1302},
      {"first local GPU, no mmap: weights counted", false, false, 0, true, 1290, pv + 1302},
      {"RPC server, mmap: weights counted", true, true, 0, true, 1290, pv + 1302},
      {"second local GPU holding layers, mmap: weights counted", true, false, 1, true, 1290, pv + 1302},
      {"second local GPU without layers: NonUMA drops weights and compute", true, false, 1, false, 1040, pv + 1040},
      {"second local GPU without layers, no mmap", false, false, 1, false, 1290, pv + 1040},
      {"first local GPU without layers: nothing dropped", true, false, 0, false, 1040, pv + 1302},
      {"RPC server without layers: nothing dropped", true, true, 1, false, 1290, pv + 1302},
  };
  const ModelProfile p = test::small_llama();
  for (const Row& r : rows) {
    INFO(r.rule);
    Settings s;
    s.mmap = r.mmap;
    s.platform_vram = pv;
    Run run{p, s, OffloadPlan{}, {host_device(), gpu_device(r.remote, r.position, r.holds_layers)}};
    const EstimateItem it = summarize(run);
    REQUIRE(it.vrams.size() == 1);
    CHECK(it.vrams[0].uma == static_cast<placement::Bytes>(r.uma));
    CHECK(it.vrams[0].nonuma == static_cast<placement::Bytes>(r.nonuma));
    CHECK(it.vrams[0].remote == r.remote);
    CHECK(it.vrams[0].position == r.position);
    CHECK(it.vrams[0].handle_layers == (r.holds_layers ? 2 : 0));
    CHECK(it.vrams[0].handle_last_layer == (r.holds_layers ? 3 : -1));
  }
}
