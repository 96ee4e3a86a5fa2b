// The SGLang selector as a whole (scheduler-rules.md §3.4): image models, type grouping (Q1),
// reference errors and bad input.
#include <catch2/catch.hpp>

#include "fit/sglang/sglang_test_support.h"

using namespace placement;
using namespace placement::sglang_test;

TEST_CASE("image models: the estimate is the weights, no fraction, no multi worker") {
  ScenarioBuilder b;
  b.workers.push_back(worker(8, "a100", {gpu(0, 85899345920LL), gpu(1, 85899345920LL)}));
  b.model["categories"] = {"image"};
  b.estimates["weights_bytes"] = 57699249390LL;
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 2);
  CHECK(claim_of(r.candidates[0], 0) == 57699249390LL);
  CHECK_FALSE(r.candidates[0].claim.vram_utilization);
  CHECK((*strategy(r, "multi_worker"))["status"] == "not_reached");
}

TEST_CASE("Q1: a mixed worker keeps only its last type's GPUs") {
  ScenarioBuilder b;
  b.workers.push_back(worker(29, "mix", {gpu(0, k4080 - 8388608, "rocm"), gpu(0, k4080, "cuda")}));
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.candidates[0].gpu_type == std::string("cuda"));
  CHECK(has_quirk(r, "Q1"));
}

TEST_CASE("reference errors GPUStack raises inside the SGLang selector") {
  ScenarioBuilder b;
  SECTION("manual ids name a mixed worker under one type while another worker is named under its other type") {
    b.workers.push_back(worker(29, "mix", {gpu(0, k4080, "cuda"), gpu(0, k4080 - 8388608, "rocm")}));
    b.workers.push_back(worker(13, "amd", {gpu(0, k4080 - 8388608, "rocm")}));
    b.model["gpu_selector"] = {{"gpu_ids", {"mix:cuda:0", "amd:rocm:0"}}, {"gpus_per_replica", 1}};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    REQUIRE(r.trace.root()["error"].is_object());
    CHECK(r.trace.root()["error"]["stage"] == "fit");
    CHECK(r.trace.root()["error"]["values"]["worker"] == "mix");
    CHECK(r.trace.root()["error"]["values"]["gpu_type"] == "rocm");
  }
  SECTION("--mem-fraction-static given as 0: the fraction is None") {
    b.workers.push_back(worker(3, "w", {gpu(0, k4080)}));
    b.model["backend_parameters"] = {"--mem-fraction-static=0"};
    ScheduleResult r = b.run();
    CHECK(r.trace.root()["error"]["stage"] == "fit");
  }
  SECTION("a world size that contradicts the selected GPUs") {
    b.workers.push_back(worker(3, "w", {gpu(0, k4080), gpu(1, k4080)}));
    b.model["gpu_selector"] = {{"gpu_ids", {"w:cuda:0", "w:cuda:1"}}};
    b.model["backend_parameters"] = {"--tp-size=4"};
    ScheduleResult r = b.run();
    CHECK(r.trace.root()["error"]["stage"] == "selector_init");
  }
  SECTION("parameter validation") {
    b.workers.push_back(worker(3, "w", {gpu(0, k4080)}));
    b.model["backend_parameters"] = {"--tp-size=3"};
    ScheduleResult r = b.run();
    CHECK(r.trace.root()["error"]["values"]["rule"] == "heads_divisible_by_tp");
  }
  SECTION("a GPU with memory.total 0") {
    b.workers.push_back(worker(3, "w", {gpu(0, 0)}));
    ScheduleResult r = b.run();
    CHECK(r.trace.root()["error"]["stage"] == "fit");
  }
  SECTION("unified memory without GPU index 0") {
    Json w = worker(3, "mac", {gpu(1, k4080, "mps")});
    w["status"]["memory"]["is_unified_memory"] = true;
    b.workers.push_back(w);
    b.model["backend_parameters"] = {"--mem-fraction-static=0.5"};
    ScheduleResult r = b.run();
    CHECK(r.trace.root()["error"]["stage"] == "fit");
  }
}

TEST_CASE("missing config is bad input for SGLang") {
  ScenarioBuilder b;
  b.workers.push_back(worker(3, "w", {gpu(0, k4080)}));
  b.estimates.erase("config");
  CHECK_THROWS_AS(b.run(), InputError);
}
