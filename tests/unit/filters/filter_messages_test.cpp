// §6.9: the messages are what GPUStack's find_candidate returns. Its filter block is kept whether
// or not a candidate is found; the selector's lines only when none is (or the pick overcommits).
#include <catch2/catch.hpp>

#include "fit/fit_test_support.h"
#include "scheduler.h"

using namespace placement;
using namespace placement::testing;

TEST_CASE("messages: the filter block stays when a candidate is found", "[messages][filters]") {
  struct Row {
    const char* name;
    const char* backend;
    Bytes vram_claim;  // GPUSTACK_MODEL_VRAM_CLAIM
    bool down;         // a second worker that is not ready
    std::vector<std::string> expected;
  };
  const std::vector<Row> rows = {
      {"vLLM candidate, a worker filtered", "vLLM", 10 * GiB, true, {"filters:cluster", "filters:status"}},
      {"vLLM candidate, nothing filtered", "vLLM", 10 * GiB, false, {"filters:cluster"}},
      {"vLLM no candidate: the selector's lines follow", "vLLM", 100 * GiB, true,
       {"filters:cluster", "filters:status", "vllm:requirement", "vllm:single_gpu"}},
      {"SGLang candidate, a worker filtered", "SGLang", 10 * GiB, true, {"filters:cluster", "filters:status"}},
      {"Custom candidate, a worker filtered", "Custom", 10 * GiB, true, {"filters:cluster", "filters:status"}},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    Json workers = Json::array({worker_json(1, "up", {{"cuda", 80 * GiB}}, 256 * GiB)});
    if (row.down) {
      Json down = worker_json(2, "down", {{"cuda", 80 * GiB}}, 256 * GiB);
      down["state"] = "not_ready";
      workers.push_back(down);
    }
    Json doc = vllm_scenario(workers, Json{{"backend", row.backend}, {"env", {{"GPUSTACK_MODEL_VRAM_CLAIM", std::to_string(row.vram_claim)}}}});
    const ScheduleResult r = schedule(load_scenario(doc));
    CHECK(r.selected.has_value() == (row.vram_claim < 80 * GiB));
    std::vector<std::string> keys;
    for (const auto& m : r.trace.root()["messages"]) keys.push_back(m["source"].get<std::string>() + ":" + m["key"].get<std::string>());
    CHECK(keys == row.expected);
  }
}
