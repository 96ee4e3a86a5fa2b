// GGUF S1 single worker, single GPU, full offload (scheduler-rules.md §3.2),
// on the synthetic model of gguf_test_support.h (10 layers of 1,000 bytes, output included).
#include <catch2/catch.hpp>

#include "fit/gguf/setup.h"
#include "gguf_test_support.h"
#include "scenario/errors.h"

using namespace gguf_test;

TEST_CASE("S1 single GPU full offload") {
  SECTION("every fitting GPU is a candidate, walked by allocatable VRAM") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 12000), gpu(1, 20000)}), worker(2, "b", 100000, {gpu(0, 15000)})}, model()));
    CHECK(o.fit.strategy == "single_worker_single_gpu");
    REQUIRE(o.fit.candidates.size() == 3);
    CHECK(o.fit.candidates[0].worker_name == "a");
    CHECK(gpus_of(o.fit.candidates[0]) == std::vector<int>{1});
    CHECK(o.fit.candidates[1].worker_name == "b");
    CHECK(gpus_of(o.fit.candidates[2]) == std::vector<int>{0});
    const auto& claim = o.fit.candidates[0].claim;
    CHECK(claim.vram == VramMap{{1, 10100}});
    CHECK(claim.ram == 300);
    CHECK(claim.offload_layers == 10);
    CHECK(claim.total_layers == 10);
    CHECK(claim.is_unified_memory == false);
  }
  SECTION("a GPU too small is passed over with its VRAM shortfall") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 20000), gpu(1, 5000)})}, model()));
    REQUIRE(o.fit.candidates.size() == 1);
    const Json& rej = (*o.strategy("single_worker_single_gpu"))["rejections"];
    REQUIRE(rej.size() == 1);
    CHECK(rej[0]["code"] == "vram");
    CHECK(rej[0]["shortfalls"][0]["short"] == 5100);
  }
  SECTION("the first RAM-short GPU stops the walk (Q7)") {
    Outcome o = run(scenario({worker(1, "a", 100, {gpu(0, 20000)}), worker(2, "b", 100000, {gpu(0, 15000)})}, model(false, false)));
    CHECK(o.fit.candidates.empty());
    const Json& s1 = *o.strategy("single_worker_single_gpu");
    CHECK(s1["rejections"][0]["code"] == "ram");
    REQUIRE(s1["not_examined"].size() == 1);
    CHECK(s1["not_examined"][0]["rule"] == "walk_stopped_ram");
    CHECK(s1["not_examined"][0]["worker_name"] == "b");
    CHECK(o.has_quirk("Q7"));
    // GPUStack shows the S2 explanation before S1's when both have one.
    CHECK(o.has_message("multi_gpu_insufficient"));
    CHECK_FALSE(o.has_message("single_gpu_insufficient"));
  }
  SECTION("UMA: the RAM check subtracts the VRAM claim") {
    Outcome tight = run(scenario({worker(1, "mac", 10200, {gpu(0, 20000, "mps")}, true)}, model(false, false)));
    CHECK(tight.fit.candidates.empty());  // 200 > 10200 - 10050
    Outcome room = run(scenario({worker(1, "mac", 10300, {gpu(0, 20000, "mps")}, true)}, model(false, false)));
    REQUIRE(room.fit.candidates.size() == 1);
    CHECK(room.fit.candidates[0].claim.vram == VramMap{{0, 10050}});
    CHECK(room.fit.candidates[0].claim.ram == 200);
    CHECK(room.fit.candidates[0].claim.is_unified_memory == true);
  }
}
