// GGUF setup (scheduler-rules.md §3.2 Setup): requirement figures, approx_gpus, the GPU walk and
// the query log, on the synthetic model of gguf_test_support.h (10 layers of 1,000 bytes, output included).
#include <catch2/catch.hpp>

#include "fit/gguf/requirement_record.h"
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
  placement::gguf_fit::GgufRequirement requirement;
  placement::gguf_fit::QueryLog log(provider, sc, trace, requirement);
  const placement::gguf_fit::Setup s = placement::gguf_fit::build_setup(ctx, log, requirement);
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
