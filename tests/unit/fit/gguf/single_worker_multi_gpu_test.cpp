// GGUF S2 single worker, multi GPU, full offload (scheduler-rules.md §3.2),
// on the synthetic model of gguf_test_support.h (10 layers of 1,000 bytes, output included).
#include <catch2/catch.hpp>

#include "fit/gguf/setup.h"
#include "gguf_test_support.h"
#include "scenario/errors.h"

using namespace gguf_test;

TEST_CASE("S2 single worker multi GPU full offload") {
  SECTION("two GPUs split the model; the split is the allocatable VRAM") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 6000), gpu(1, 6000)})}, model()));
    CHECK(o.fit.strategy == "single_worker_multi_gpu");
    REQUIRE(o.fit.candidates.size() == 1);
    const auto& c = o.fit.candidates[0];
    CHECK(gpus_of(c) == std::vector<int>{0, 1});
    CHECK(c.claim.vram == VramMap{{0, 5100}, {1, 5100}});
    CHECK(c.claim.tensor_split == std::vector<Bytes>{6000, 6000});
    CHECK(c.claim.ram == 300);
    CHECK(c.claim.offload_layers == 10);
  }
  SECTION("only the candidates with the fewest GPUs are kept; equal GPUs stop after two combinations") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 4500), gpu(1, 4500), gpu(2, 4500)}),
                              worker(2, "b", 100000, {gpu(0, 6000), gpu(1, 6000)})},
                             model()));
    REQUIRE(o.fit.candidates.size() == 1);
    CHECK(o.fit.candidates[0].worker_name == "b");
    const Json& s2 = *o.strategy("single_worker_multi_gpu");
    bool gpu_count_rejection = false;
    for (const Json& r : s2["rejections"]) gpu_count_rejection |= r["code"] == "gpu_count" && r["subject"]["worker_name"] == "a";
    CHECK(gpu_count_rejection);
    bool shortcut = false;
    for (const Json& n : s2["not_examined"]) shortcut |= n["rule"] == "equal_vram_shortcut" && n["combinations"] == 1;
    CHECK(shortcut);
    CHECK(s2["combination_rejections"]["by_code"]["vram_total"] == 2);
  }
  SECTION("GPU counts start at approx_gpus") {
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 3500), gpu(1, 3500), gpu(2, 3500), gpu(3, 3500)})}, model()));
    REQUIRE(o.fit.candidates.size() == 1);
    CHECK(o.fit.candidates[0].gpu_indexes->size() == 4);
    const Json& caps = (*o.strategy("single_worker_multi_gpu"))["caps"];
    REQUIRE(caps.size() >= 1);
    CHECK(caps[0]["id"] == "approx_gpus_start");
    CHECK(caps[0]["actual"] == 3);
    for (const std::string& q : o.asked) CHECK(q.find("tensor_split=[3500, 3500]") == std::string::npos);
  }
  SECTION("--tensor-split numbers are compared as VRAM bytes (Q25)") {
    Json m = model(false, false);
    m["backend_parameters"] = Json::array({"--tensor-split=1,1"});
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 6000), gpu(1, 6000)})}, m));
    CHECK(o.fit.candidates.empty());
    CHECK(o.has_quirk("Q25"));
  }
  SECTION("a split naming GPU positions the worker lacks is a reference error") {
    Json m = model(false, false);
    m["backend_parameters"] = Json::array({"--ts", "6000,6000"});
    REQUIRE_THROWS_AS(run(scenario({worker(1, "a", 100000, {gpu(1, 6000), gpu(2, 6000)})}, m)), placement::ReferenceError);
  }
  SECTION("the explanation-only query may be missing: its numbers are omitted") {
    gguf::Query advice;
    advice.offload = "full";
    advice.tensor_split = std::vector<double>{2000, 2000};
    Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 2000), gpu(1, 2000)})}, model(false, false)), {},
                    {gguf_query_key(advice)});
    REQUIRE(o.trace["messages"].size() == 1);
    CHECK(o.trace["messages"][0]["key"] == "multi_gpu_insufficient");
    CHECK(o.trace["messages"][0]["values"]["estimate"] == "missing");
    CHECK_FALSE(o.trace["messages"][0]["values"].contains("vram"));
  }
  SECTION("a missing fit query is bad input") {
    gguf::Query fit;
    fit.tensor_split = std::vector<double>{6000, 6000};
    REQUIRE_THROWS_AS(run(scenario({worker(1, "a", 100000, {gpu(0, 6000), gpu(1, 6000)})}, model()), {}, {gguf_query_key(fit)}),
                      placement::InputError);
  }
}
