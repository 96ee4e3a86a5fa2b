// Sweep: one setting over a list of values, every row a decision by the scheduler.
#include <catch2/catch.hpp>

#include "scenario/errors.h"
#include "whatif/sweep.h"
#include "whatif_fixtures.h"

using namespace placement;
using namespace placement::whatif;
using placement::test::vllm_scenario;
using placement::test::worker_json;

TEST_CASE("a sweep spec names a setting and its values", "[whatif][sweep]") {
  struct Row {
    const char* text;
    const char* setting;
    std::vector<std::string> values;
  };
  const std::vector<Row> rows = {
      {"/model/replicas=1,2,3", "/model/replicas", {"1", "2", "3"}},
      {"--gpu-memory-utilization=0.5,0.9", "--gpu-memory-utilization", {"0.5", "0.9"}},
      {"replicas=4", "replicas", {"4"}},
      {"/model/worker_selector={\"a\":\"1\",\"b\":\"2\"},null", "/model/worker_selector", {"{\"a\":\"1\",\"b\":\"2\"}", "null"}},
      {"/model/backend_parameters=[\"--tp=2\",\"--pp=1\"],[]", "/model/backend_parameters", {"[\"--tp=2\",\"--pp=1\"]", "[]"}},
  };
  for (const Row& r : rows) {
    SECTION(r.text) {
      const SweepSpec s = parse_sweep_spec(r.text);
      CHECK(s.setting == r.setting);
      CHECK(s.values == r.values);
    }
  }
  for (const char* bad : {"/model/replicas", "=1,2", "/model/replicas=", "model/replicas=1", "/model/replicas=1,,2"}) {
    SECTION(std::string("refused: ") + bad) { CHECK_THROWS_AS(parse_sweep_spec(bad), InputError); }
  }
}

TEST_CASE("a sweep row per value says whether and where it fits", "[whatif][sweep]") {
  const Json doc = vllm_scenario({worker_json(1, 2), worker_json(2, 2)});
  SECTION("replicas: up to the number of GPUs") {
    const Json rows = sweep(doc, parse_sweep_spec("replicas=1,4,5"))["rows"];
    REQUIRE(rows.size() == 3);
    CHECK(rows[0]["fits"] == true);
    CHECK(rows[1]["fits"] == true);
    CHECK(rows[1]["replicas"] == 4);
    CHECK(rows[2]["fits"] == false);
    CHECK(rows[2]["replicas"] == 4);
    CHECK(rows[2]["why_not"].is_string());
  }
  SECTION("GPU memory by JSON Pointer") {
    const Json rows = sweep(doc, parse_sweep_spec("/workers/0/status/gpu_devices/0/memory/total=1073741824,85899345920"))["rows"];
    REQUIRE(rows.size() == 2);
    CHECK(rows[0]["patch"][0]["op"] == "replace");
    CHECK(rows[0]["fits"] == true);  // the other GPUs still hold it
    CHECK(rows[1]["fits"] == true);
    CHECK(rows[1]["claim_per_gpu"].size() == 1);
    CHECK(rows[1]["claim_per_gpu"][0]["vram"].get<Bytes>() > 0);
  }
  SECTION("the workers' state: no ready worker, no fit") {
    Json one = vllm_scenario({worker_json(1, 1)});
    const Json rows = sweep(one, parse_sweep_spec("/workers/0/state=ready,not_ready"))["rows"];
    CHECK(rows[0]["fits"] == true);
    CHECK(rows[0]["placement"]["worker_name"] == "w1");
    CHECK(rows[1]["fits"] == false);
    CHECK(rows[1]["placement"].is_null());
  }
  SECTION("a value the scenario format refuses is bad input at its pointer") {
    try {
      sweep(doc, parse_sweep_spec("/model/replicas=two"));
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.pointer() == "/model/replicas");
    }
  }
}
