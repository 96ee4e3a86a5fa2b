// SGLang's explanation events (fit/sglang/events.h): each field in GPUStack's order, of the right kind.
#include <catch2/catch.hpp>

#include <functional>

#include "fit/sglang/events.h"
#include "fit/sglang/sglang_test_support.h"

using namespace placement;
using namespace placement::sglang_test;

TEST_CASE("largest combination event: first 3 workers, sum, left out, then the advice") {
  std::vector<Worker> workers(4);
  for (std::size_t i = 0; i < workers.size(); ++i) workers[i].name = "w" + std::to_string(i);
  struct Row {
    std::size_t joined;
    Bytes vram;
    std::size_t group_size, devices;
    const char* json;
  };
  const Row rows[] = {
      {0, 0, 0, 0, R"({"advice":"manual_selection"})"},
      {2, 2147483648, 3, 1,
       R"({"combination":["w0","w1"],"combination_size":2,"sum":2147483648,"sum_gib":2.0,"left_out":1,"gpus_per_worker":1,"advice":"manual_selection"})"},
      {4, 53687091200, 6, 2,
       R"({"combination":["w0","w1","w2"],"combination_size":4,"sum":53687091200,"sum_gib":50.0,"left_out":2,"gpus_per_worker":2,"advice":"manual_selection"})"},
  };
  for (const Row& row : rows) {
    LargestCombination largest{{}, row.vram, row.group_size, row.devices};
    for (std::size_t i = 0; i < row.joined; ++i) largest.workers.push_back(&workers[i]);
    CAPTURE(row.joined);
    CHECK(largest_combination_event(largest).to_json().dump() == row.json);
  }
}

TEST_CASE("single worker multi GPU event: tp reason, diffusion VRAM or the largest sum, in GPUStack's order") {
  struct Row {
    const char* name;
    std::function<void(ScenarioBuilder&)> setup;
    const char* json;
  };
  const auto four_4080 = [](ScenarioBuilder& b) {
    b.workers.push_back(worker(5, "host-4-4080", {gpu(0, k4080), gpu(1, k4080), gpu(2, k4080), gpu(3, k4080)}));
    b.estimates["weights_bytes"] = 65525200000LL;
  };
  const Row rows[] = {
      {"largest sum at u",
       [&](ScenarioBuilder& b) {
         four_4080(b);
         b.estimates["config"] = {{"num_attention_heads", 64}, {"vocab_size", 151936}};
       },
       R"({"worker":"host-4-4080","largest_sum":68685922304,"largest_sum_text":"63.97","satisfied":4,"total":4,)"
       R"("effective_vram":53025532018,"effective_vram_gib":49.38})"},
      {"tp not divisible",
       [&](ScenarioBuilder& b) {
         four_4080(b);
         b.estimates["config"] = {{"num_attention_heads", 6}, {"vocab_size", 151936}};
       },
       R"({"worker":"host-4-4080","tp_reason":{"quantity":"attention_heads","value":6,"n":4,"text":)"},
      {"diffusion",
       [&](ScenarioBuilder& b) {
         four_4080(b);
         b.model["categories"] = {"image"};
       },
       R"({"worker":"host-4-4080","diffusion_per_gpu_vram":)"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    ScenarioBuilder b;
    row.setup(b);
    const std::string dump = message(b.run(), "single_worker_multi_gpu").dump();
    CHECK(dump.substr(0, std::string(row.json).size()) == row.json);
  }
}
