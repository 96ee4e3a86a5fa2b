// GGUF S4 partial offload (scheduler-rules.md §3.2 S4), on the synthetic model of gguf_test_support.h:
// item L costs L·1,000 + 100 VRAM on one GPU (UMA +50) and (10 − L)·1,000 + 300 RAM (UMA +200).
#include <catch2/catch.hpp>

#include "gguf_test_support.h"

using namespace gguf_test;

TEST_CASE("S4 partial offload") {
  SECTION("single GPU: the search picks the most layers the GPU holds") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 5000)})}, model(true, false)));
    CHECK(o.fit.strategy == "partial_offload");
    REQUIRE(o.fit.candidates.size() == 1);
    const auto& c = o.fit.candidates[0];
    CHECK(c.claim.offload_layers == 4);
    CHECK(c.claim.vram == VramMap{{0, 4100}});
    CHECK(c.claim.ram == 6300);
    CHECK(c.claim.total_layers == 10);
    CHECK_FALSE(c.claim.tensor_split.has_value());
  }
  SECTION("single GPU: RAM short at the found count moves on to the next GPU") {
    Outcome o = run(scenario({worker(1, "a", 6000, {gpu(0, 5000), gpu(1, 4000)})}, model(true, false)));
    // GPU 0 holds 4 layers (RAM 6,300 > 6,000); GPU 1 holds 3 (RAM 7,300): nothing single-GPU.
    const Json& s4 = *o.strategy("partial_offload");
    int ram_rejections = 0;
    for (const Json& r : s4["rejections"]) ram_rejections += r["code"] == "ram";
    CHECK(ram_rejections == 2);
  }
  SECTION("the multi-GPU pass beats the single-GPU pass with more layers") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 5000)}), worker(2, "b", 100000, {gpu(0, 5000), gpu(1, 5000)})},
                             model(true, false)));
    REQUIRE(o.fit.candidates.size() == 1);
    const auto& c = o.fit.candidates[0];
    CHECK(c.worker_name == "b");
    CHECK(gpus_of(c) == std::vector<int>{0, 1});
    CHECK(c.claim.offload_layers == 8);  // 9 layers put 5 on one 5,000-byte GPU
    CHECK(c.claim.tensor_split == std::vector<Bytes>{5000, 5000});
    CHECK(c.claim.vram == VramMap{{0, 4100}, {1, 4100}});
    const Json& s4 = *o.strategy("partial_offload");
    int layer_rejections = 0;
    for (const Json& r : s4["rejections"]) layer_rejections += r["code"] == "layers";
    CHECK(layer_rejections == 2);  // the two single-GPU candidates at 4 layers
  }
  SECTION("-ngl: only the largest GPU, and it must exceed the claim (Q20)") {
    Json m = model(true, false);
    m["backend_parameters"] = Json::array({"-ngl 3"});
    Outcome equal = run(scenario({worker(1, "a", 100000, {gpu(0, 3100)})}, m));
    CHECK(equal.fit.candidates.empty());
    CHECK(equal.has_quirk("Q20"));
    CHECK(equal.has_message("partial_ngl_insufficient"));
    for (const Json& msg : equal.trace["messages"]) {
      if (msg["key"] != "partial_ngl_insufficient") continue;
      // The worker beside the estimate at -ngl 3: equal totals do not fit (GPUStack compares with >).
      CHECK(msg["values"] == Json{{"level", "info"}, {"reason", "INSUFFICIENT_RESOURCES"}, {"ngl", 3}, {"worker_name", "a"}, {"worker_vram", 3100}, {"worker_ram", 100000},
                                  {"vram", 3100}, {"ram", 7300}, {"totals_fit", false}});
    }
    Outcome above = run(scenario({worker(1, "a", 100000, {gpu(0, 3200)})}, m));
    REQUIRE(above.fit.candidates.size() == 1);
    CHECK(above.fit.candidates[0].claim.offload_layers == 3);
    CHECK(above.fit.candidates[0].claim.vram == VramMap{{0, 3100}});
    CHECK(above.fit.candidates[0].claim.ram == 7300);
  }
  SECTION("a UMA worker's multi-GPU items are also checked with non-UMA figures (Q21)") {
    Outcome o = run(scenario({worker(1, "mac", 100000, {gpu(0, 4080, "mps"), gpu(1, 4080, "mps")}, true)}, model(true, false)));
    REQUIRE(o.fit.candidates.size() == 1);
    const auto& c = o.fit.candidates[0];
    CHECK(gpus_of(c) == std::vector<int>{0, 1});
    CHECK(c.claim.offload_layers == 6);  // 8 and 7 fit the UMA figures (4,050) but not the non-UMA ones (4,100)
    CHECK(c.claim.vram == VramMap{{0, 3050}, {1, 3050}});
    CHECK(c.claim.ram == 4200);
    CHECK(c.claim.is_unified_memory == true);
    CHECK(o.has_quirk("Q21"));
  }
}
