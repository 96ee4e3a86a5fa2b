// GGUF strategies S1, S2 and S5, one section per rule (scheduler-rules.md §3.2), on the synthetic model
// of gguf_test_support.h: 10 layers (output included) of 1,000 bytes; full offload 10,100 VRAM +
// 300 RAM (UMA 10,050 + 200); one layer 1,100 (UMA 1,050); CPU only 10,300 RAM (UMA 10,200).
#include <catch2/catch.hpp>

#include "fit/gguf/setup.h"
#include "gguf_test_support.h"
#include "scenario/errors.h"

using namespace gguf_test;

TEST_CASE("setup: requirement figures, approx_gpus and the query log") {
  Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 6000), gpu(1, 6000)})}, model()));
  const Json& r = o.trace["requirement"];
  CHECK(r["total_layers"] == 10);
  CHECK(r["full_vram"]["nonuma"] == 10100);
  CHECK(r["full_ram"]["uma"] == 200);
  CHECK(r["cpu_ram"]["nonuma"] == 10300);
  CHECK(r["layer_vram"]["nonuma"] == 1100);
  CHECK(r["rpc_layer_vram"]["uma"] == 1050);
  CHECK(r["approx_gpus"] == 2);  // 6000 / 10100 > 1/2
  REQUIRE(r["queries"].size() >= 2);
  CHECK(r["queries"][0]["asked_by"] == "base");
  CHECK(r["queries"][1]["asked_by"] == "rpc_probe");
  CHECK(r["queries"][1]["rpc"] == Json::array({"host:80"}));
  CHECK(o.has_quirk("Q10"));
}

TEST_CASE("setup: the GPU walk (requirement.allocatable_gpus) by allocatable VRAM, equal values in worker then device order") {
  Outcome o = run(scenario({worker(1, "a", 100000, {gpu(0, 6000), gpu(1, 9000), gpu(2, 6000)}), worker(2, "b", 100000, {}),
                            worker(3, "c", 100000, {gpu(0, 9000), gpu(1, 7000)})},
                           model()));
  const Json& walk = o.trace["requirement"]["allocatable_gpus"];
  struct Row {
    const char* worker;
    int index;
    Bytes alloc;
  };
  const std::vector<Row> expected = {{"a", 1, 9000}, {"c", 0, 9000}, {"c", 1, 7000}, {"a", 0, 6000}, {"a", 2, 6000}};
  REQUIRE(walk.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    CHECK(walk[i] == Json{{"worker_name", expected[i].worker}, {"gpu_index", expected[i].index}, {"alloc", expected[i].alloc}});
  }
}

TEST_CASE("setup: workers are found by name (scenario names are unique)") {
  Scenario sc = load_scenario(scenario({worker(1, "b", 1000, {gpu(0, 6000)}), worker(2, "a", 1000, {}), worker(3, "ab", 1000, {})}, model()));
  std::vector<const Worker*> workers;
  for (const Worker& w : sc.workers) workers.push_back(&w);
  AllocationIndex alloc(sc.model_instances);
  BackendParameters params(sc.model.backend_parameters);
  Trace trace;
  SyntheticProvider provider(SyntheticModel{});
  FitContext ctx{sc, sc.model, workers, alloc, params, trace, &provider};
  placement::gguf_fit::QueryLog log(provider, sc, trace);
  const placement::gguf_fit::Setup s = placement::gguf_fit::build_setup(ctx, log);
  CHECK(s.worker_named("b") == std::optional<std::size_t>(0));
  CHECK(s.worker_named("a") == std::optional<std::size_t>(1));
  CHECK(s.worker_named("ab") == std::optional<std::size_t>(2));
  CHECK(s.worker_named("c") == std::nullopt);
  CHECK(s.worker_named("") == std::nullopt);
}

TEST_CASE("approx_gpus, row by row") {
  using placement::gguf_fit::approximate_gpu_count;
  CHECK(approximate_gpu_count(20000, 10100, true) == 1);
  CHECK(approximate_gpu_count(6000, 10100, true) == 2);
  CHECK(approximate_gpu_count(5000, 10000, true) == 3);  // exactly 1/2 is not more than 1/2
  CHECK(approximate_gpu_count(100, 10100, true) == -1);  // below 1/16
  CHECK(approximate_gpu_count(100, 0, true) == -1);
  CHECK(approximate_gpu_count(0, 10100, false) == 1);
}

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

TEST_CASE("S5 CPU only") {
  SECTION("workers by allocatable RAM; the first misfit stops the walk") {
    Outcome o = run(scenario({worker(1, "a", 20000, {}), worker(2, "b", 5000, {}), worker(3, "c", 15000, {})}, model()));
    CHECK(o.fit.strategy == "cpu_only");
    REQUIRE(o.fit.candidates.size() == 2);
    CHECK(o.fit.candidates[0].worker_name == "a");
    CHECK(o.fit.candidates[1].worker_name == "c");
    CHECK_FALSE(o.fit.candidates[0].gpu_indexes.has_value());
    CHECK_FALSE(o.fit.candidates[0].claim.vram_present);
    CHECK(o.fit.candidates[0].claim.ram == 10300);
    CHECK(o.fit.candidates[0].claim.offload_layers == 0);
    const Json& s5 = *o.strategy("cpu_only");
    CHECK(s5["rejections"][0]["subject"]["worker_name"] == "b");
  }
  SECTION("nothing fits: the largest worker's RAM is reported") {
    Outcome o = run(scenario({worker(1, "a", 9000, {}), worker(2, "b", 5000, {})}, model()));
    CHECK(o.fit.candidates.empty());
    const Json* s5 = o.strategy("cpu_only");
    REQUIRE(s5 != nullptr);
    CHECK((*s5)["not_examined"][0]["worker_name"] == "b");
    REQUIRE(o.has_message("cpu_insufficient"));
    CHECK(o.trace["messages"][0]["values"]["worker_ram"] == 9000);
    CHECK(o.trace["messages"][0]["values"]["ram"] == 10300);
  }
}
