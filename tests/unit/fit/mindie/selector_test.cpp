// The MindIE selector through the whole pipeline (scheduler-rules.md §3.5): available workers
// (item 6), the explanation slots (§6.9), world size against selected GPUs (Q27).
#include <catch2/catch.hpp>

#include "fit/mindie/mindie_test_support.h"

using namespace placement;
using namespace placement::mindie_test;

TEST_CASE("mindie available workers: RAM, top device, devices") {
  Build b;
  b.workers = {worker(1, "a", {gpu(0, "10.0.0.1")}),
               worker(2, "busy", {gpu(0, "10.0.0.2")}),        // 40% allocated: top device cannot take 80%
               worker(3, "small-ram", {gpu(0, "10.0.0.3")}, 256 * kMiB),
               worker(4, "cpu-only", {})};
  b.instances = {usage(10, 2, 0, 27487790695)};
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.candidates[0].worker_name == "a");
  const Json* single = strategy(r, "single_worker");
  REQUIRE(single);
  std::vector<std::string> rejected;
  for (const auto& rej : (*single)["rejections"]) rejected.push_back(rej["subject"]["worker_name"].get<std::string>() + ":" + rej["code"].get<std::string>());
  CHECK(rejected == std::vector<std::string>{"busy:insufficient", "small-ram:insufficient", "cpu-only:no_gpus"});
  const Json& busy = (*single)["rejections"][0]["shortfalls"][0];
  CHECK(busy["dim"] == "vram");
  CHECK(busy["need"] == kClaim08);
  CHECK(busy["have"] == k64G - 27487790695);
  CHECK(busy["freeable"] == true);  // releasing the 40% claim would close it
}

TEST_CASE("mindie explanations when nothing is scheduled") {
  SECTION("no available workers: that fact first, then the requirement") {
    Build b;
    b.workers = {worker(1, "a", {gpu(0, "i0")}, 128 * kMiB)};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    CHECK(message_keys(r) == std::vector<std::string>{"no_available_workers", "requirement", "fraction"});
    CHECK((*strategy(r, "single_worker"))["skip"]["code"] == "no_allocatable_gpu");
    CHECK((*strategy(r, "multi_worker"))["skip"]["code"] == "no_allocatable_gpu");
    // The skip names the filter's rejections, as the strategy record would.
    CHECK((*strategy(r, "single_worker"))["skip"]["data"]["rejections"][0].dump() ==
          R"({"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[],"rpc":[]},"code":"insufficient","stage":"available_workers",)"
          R"("shortfalls":[{"dim":"ram","need":536870912,"have":134217728,"short":402653184,"freeable":false}]})");
    const Json req = message(r, "requirement");
    CHECK(req["vram_gib"] == 15.13);
    CHECK(req["ram_gib"] == 0.5);
    const Json frac = message(r, "fraction");
    CHECK(frac["percent"] == 80);
  }
  SECTION("parallel validation failure is the only message; every strategy is skipped") {
    Build b;
    b.params = {"--tensor-parallel-size=4"};
    b.config = R"({"architectures": ["GPT2LMHeadModel"], "n_head": 12, "vocab_size": 50257, "n_positions": 1024})";
    b.workers = {worker(1, "a", {gpu(0, "i0")})};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    CHECK(message_keys(r) == std::vector<std::string>{"parallel_validation"});
    CHECK(message(r, "parallel_validation")["quantity"] == "vocab_size");
    CHECK((*strategy(r, "single_worker"))["skip"]["code"] == "parallel_validation");
    CHECK((*strategy(r, "multi_worker"))["skip"]["code"] == "parallel_validation");
  }
}

TEST_CASE("mindie: world size against selected GPUs, Q27 marker, requirement record") {
  SECTION("a parallel world size that contradicts gpus_per_replica is a fit-stage error") {
    Build b;
    b.params = {"-tp", "4"};
    b.workers = {worker(1, "a", {gpu(0, "i0"), gpu(1, "i1")})};
    b.gpu_selector = Json{{"gpu_ids", {"a:cann:0", "a:cann:1"}}, {"gpus_per_replica", 2}};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    CHECK(r.trace.root()["error"]["stage"] == "fit");
  }
  SECTION("Q27 is marked when cpu_mem_size is dropped") {
    Build b;
    b.params = {"--cpu-mem-size=8"};
    b.workers = {worker(1, "a", {gpu(0, "i0")})};
    ScheduleResult r = b.run();
    bool q27 = false;
    for (const auto& q : r.trace.root()["quirks"]) q27 |= q["id"] == "Q27";
    CHECK(q27);
    CHECK(r.trace.root()["requirement"]["ram"] == 512 * kMiB);
  }
  SECTION("the requirement record carries the terms and the fraction") {
    Build b;
    b.workers = {worker(1, "a", {gpu(0, "i0")})};
    ScheduleResult r = b.run();
    const Json& req = r.trace.root()["requirement"];
    CHECK(req["selector"] == "mindie");
    CHECK(req["vram"] == 16248994816);
    CHECK(req["u"] == 0.8);
    CHECK(req["estimate"]["inputs"]["attention"] == "GQA");
    CHECK(req["estimate"]["vram_terms"]["weights"] == 8044936192);
  }
}

TEST_CASE("mindie typed data: the no-allocatable skip and a refused parameter's error, member by member", "[mindie][record]") {
  struct Row {
    const char* what;
    std::vector<std::string> params;
    Bytes ram;
    const char* skip_data;     // compact JSON of single_worker's skip data; "" = not skipped so
    const char* error_values;  // compact JSON of trace.error.values; "" = no error
  };
  const Row rows[] = {
      {"no available worker: reason, examined, the filter's rejections", {"--trust-remote-code"}, 128 * kMiB,
       R"({"reason":"no worker has devices, enough RAM and a top device that takes its claim","examined":1,"rejections":[{"subject":{"worker_id":1,"worker_name":"a","gpu_indexes":[],"rpc":[]},"code":"insufficient","stage":"available_workers","shortfalls":[{"dim":"ram","need":536870912,"have":134217728,"short":402653184,"freeable":false}]}]})",
       ""},
      {"a refused parameter: flag, value, rule, message, then GPUStack's wrapper", {"--max-seq-len=0"}, kTiB, "",
       R"({"flag":"--max-seq-len","value":0,"rule":"greater than 0","message":"--max-seq-len must be greater than 0","gpustack_error":"Failed to parse model m serve parameters: --max-seq-len must be greater than 0"})"},
      {"a NaN fraction is written as the text nan", {"--npu-memory-fraction=nan"}, kTiB, "",
       R"({"flag":"--npu-memory-fraction","value":"nan","rule":"range (0, 1]","message":"--npu-memory-fraction must be in the range (0, 1]","gpustack_error":"Failed to parse model m serve parameters: --npu-memory-fraction must be in the range (0, 1]"})"},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      Build b;
      b.params = row.params;
      b.workers = {worker(1, "a", {gpu(0, "i0")}, row.ram)};
      ScheduleResult r = b.run();
      const Json& error = r.trace.root()["error"];
      if (*row.error_values) {
        REQUIRE(error.is_object());
        CHECK(error["values"].dump() == row.error_values);
      } else {
        CHECK(error.is_null());
        const Json* single = strategy(r, "single_worker");
        REQUIRE(single);
        CHECK((*single)["skip"]["data"].dump() == row.skip_data);
      }
    }
  }
}
