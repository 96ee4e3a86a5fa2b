// The SGLang selector end to end through the scheduler (scheduler-rules.md §3.4): one scenario per
// strategy rule, the quirks it marks, and the cases where GPUStack itself fails.
#include <catch2/catch.hpp>

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

using namespace placement;

namespace {

constexpr Bytes k4080 = 17171480576;
constexpr Bytes k4090 = 25757220864;

Json gpu(int index, Bytes total, const std::string& type = "cuda") {
  return Json{{"index", index}, {"type", type}, {"vendor", type == "cuda" ? "nvidia" : "amd"}, {"memory", {{"total", total}}}};
}

// `{gpu(...)}` is a one-element array under gcc but the GPU object itself under clang (CWG 2137).
Json worker(int id, const std::string& name, Json gpus, Json extra = Json::object()) {
  if (gpus.is_object()) gpus = Json::array({std::move(gpus)});
  Json w{{"id", id}, {"name", name}, {"state", "ready"},
         {"status", {{"memory", {{"total", 68719476736LL}, {"is_unified_memory", false}}}, {"gpu_devices", std::move(gpus)}}}};
  for (auto it = extra.begin(); it != extra.end(); ++it) w[it.key()] = it.value();
  return w;
}

struct ScenarioBuilder {
  Json workers = Json::array();
  Json model{{"id", 1}, {"name", "m"}, {"backend", "SGLang"}, {"source", "huggingface"}, {"huggingface_repo_id", "org/model"},
             {"categories", {"llm"}}, {"placement_strategy", "binpack"}, {"backend_parameters", Json::array()}};
  Json instances = Json::array();
  Json estimates{{"weights_bytes", 1503300328}, {"config", {{"num_attention_heads", 16}, {"vocab_size", 151936}}}};

  ScheduleResult run() const {
    Json s{{"format", "placement-scenario/1"}, {"skip_evaluation", true}, {"workers", workers}, {"model", model},
           {"model_instances", instances}, {"estimates", estimates},
           {"inference_backends", Json::array({Json{{"backend_name", "SGLang"},
                                                     {"version_configs", {{"0.0.0", {{"built_in_frameworks", {"cuda", "rocm", "cpu"}}}}}}}})}};
    return schedule(load_scenario(s));
  }
  void vram_claim(Bytes bytes) { model["env"] = Json{{"GPUSTACK_MODEL_VRAM_CLAIM", std::to_string(bytes)}}; }
};

const Json* strategy(const ScheduleResult& r, const std::string& id) {
  for (const auto& s : r.trace.root()["strategies"])
    if (s["strategy"] == id) return &s;
  return nullptr;
}

bool has_quirk(const ScheduleResult& r, const std::string& id) {
  for (const auto& q : r.trace.root()["quirks"])
    if (q["id"] == id) return true;
  return false;
}

// The selector's own slots (the filters add theirs before).
std::vector<std::string> message_keys(const ScheduleResult& r) {
  std::vector<std::string> keys;
  for (const auto& m : r.trace.root()["messages"])
    if (m["source"] != "filters") keys.push_back(m["key"].get<std::string>());
  return keys;
}

Json message(const ScheduleResult& r, const std::string& key) {
  for (const auto& m : r.trace.root()["messages"])
    if (m["source"] == "sglang" && m["key"] == key) return m["values"];
  return nullptr;
}

Bytes claim_of(const Candidate& c, int index) { return *find_vram(c.claim.vram, index); }

}  // namespace

TEST_CASE("single GPU: every GPU passing u_t is a candidate, claim int(total × u)") {
  ScenarioBuilder b;
  b.workers.push_back(worker(3, "host4080", {gpu(0, k4080), gpu(1, k4080)}));
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 2);
  CHECK(r.strategy == "single_gpu");
  CHECK(*r.candidates[1].gpu_indexes == std::vector<int>{1});
  CHECK(claim_of(r.candidates[0], 0) == 13256383004);
  CHECK(r.candidates[0].claim.vram_utilization == 0.772);
  CHECK(r.candidates[0].gpu_type == std::string("cuda"));
  CHECK(r.trace.root()["requirement"]["u"] == 0.772);
  CHECK((*strategy(r, "single_worker_multi_gpu"))["status"] == "not_reached");
  CHECK((*strategy(r, "manual"))["skip"]["code"] == "no_gpu_ids");
}

TEST_CASE("single GPU: a GPU below the utilisation ratio is rejected with a vram_ratio shortfall") {
  ScenarioBuilder b;
  b.workers.push_back(worker(3, "host4080", {gpu(0, k4080), gpu(1, k4080)}));
  b.instances.push_back(Json{{"id", 7}, {"model_id", 9}, {"state", "running"}, {"worker_id", 3}, {"gpu_indexes", {0}},
                             {"computed_resource_claim", {{"vram", {{"0", 10LL * kGiB}}}}}});
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(*r.candidates[0].gpu_indexes == std::vector<int>{1});
  const Json& rej = (*strategy(r, "single_gpu"))["rejections"][0];
  CHECK(rej["subject"]["gpu_indexes"] == Json::array({0}));
  CHECK(rej["shortfalls"][0]["dim"] == "vram_ratio");
  CHECK(rej["shortfalls"][0]["need"] == 13256383005);  // ceil(total × 0.772)
  CHECK(rej["shortfalls"][0]["freeable"] == true);
}

TEST_CASE("single GPU rejects on the reserve alone: Q3") {
  ScenarioBuilder b;
  b.workers.push_back(worker(3, "w", {gpu(0, k4080)}, Json{{"system_reserved", {{"ram", 0}, {"vram", 5LL * kGiB}}}}));
  ScheduleResult r = b.run();
  CHECK(r.candidates.empty());
  CHECK(has_quirk(r, "Q3"));
  CHECK(message_keys(r) == std::vector<std::string>{"requirement", "single_gpu"});
  const Json single = message(r, "single_gpu");
  CHECK(single["largest_alloc"] == k4080 - 5LL * kGiB);
  CHECK(single["percent_text"] == "68.73");
}

TEST_CASE("single worker multi GPU: balanced group, accumulation by allocatable descending") {
  ScenarioBuilder b;
  b.workers.push_back(worker(3, "host4080", {gpu(0, k4080), gpu(1, k4080)}));
  b.vram_claim(14147483648);  // more than one GPU gives at u
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.strategy == "single_worker_multi_gpu");
  CHECK(*r.candidates[0].gpu_indexes == std::vector<int>({0, 1}));
  CHECK(claim_of(r.candidates[0], 1) == 13256383004);
  CHECK(r.candidates[0].claim.vram_utilization == 0.772);
}

TEST_CASE("a parameter world size > 1 skips single GPU and bounds the accumulation") {
  ScenarioBuilder b;
  b.workers.push_back(worker(5, "host-4-4080", {gpu(0, k4080), gpu(1, k4080), gpu(2, k4080), gpu(3, k4080)}));
  b.model["backend_parameters"] = {"--pp-size=2"};
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK((*strategy(r, "single_gpu"))["skip"]["code"] == "gpu_count_gt_1");
  CHECK(*r.candidates[0].gpu_indexes == std::vector<int>({0, 1}));
  CHECK(r.candidates[0].claim.vram_utilization == 0.765);  // pp 2 counts in the reserve
}

TEST_CASE("single worker multi GPU: too little VRAM explains with the largest worker") {
  ScenarioBuilder b;
  b.workers.push_back(worker(5, "host-4-4080", {gpu(0, k4080), gpu(1, k4080), gpu(2, k4080), gpu(3, k4080)}));
  b.estimates["weights_bytes"] = 65525200000LL;
  b.estimates["config"] = {{"num_attention_heads", 64}, {"vocab_size", 151936}};
  ScheduleResult r = b.run();
  CHECK(r.candidates.empty());
  CHECK(message_keys(r) == std::vector<std::string>{"requirement", "single_worker_multi_gpu"});
  const Json req = message(r, "requirement");
  CHECK(req["vram_gib"] == 75.23);
  CHECK(req["u_text"] == "0.772");
  CHECK(req["vram_over_u_gib"] == 97.45);
  CHECK(req["u_percent"] == 77);
  const Json swm = message(r, "single_worker_multi_gpu");
  CHECK(swm["largest_sum_text"] == "63.97");
  CHECK(swm["satisfied"] == 4);
  CHECK(swm["total"] == 4);
  CHECK(swm["effective_vram_gib"] == 49.38);
}

TEST_CASE("single worker multi GPU: the divisibility reason replaces the VRAM explanation") {
  ScenarioBuilder b;
  b.workers.push_back(worker(5, "host-4-4080", {gpu(0, k4080), gpu(1, k4080), gpu(2, k4080), gpu(3, k4080)}));
  b.estimates["weights_bytes"] = 65525200000LL;
  b.estimates["config"] = {{"num_attention_heads", 64}, {"vocab_size", 10001}};
  ScheduleResult r = b.run();
  CHECK(r.candidates.empty());
  const Json swm = message(r, "single_worker_multi_gpu");
  CHECK(swm["tp_reason"]["quantity"] == "vocab_size");
  CHECK(swm["tp_reason"]["n"] == 4);
}

TEST_CASE("multi worker: main = first joiner, subordinates carry vram_utilization") {
  ScenarioBuilder b;
  b.workers.push_back(worker(2, "a", {gpu(0, k4080)}));
  b.workers.push_back(worker(3, "b", {gpu(0, k4080)}));
  b.vram_claim(20LL * kGiB);
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.strategy == "multi_worker");
  const Candidate& c = r.candidates[0];
  CHECK(c.worker_name == "a");
  CHECK_FALSE(c.claim.vram_utilization);
  REQUIRE(c.subordinate_workers.size() == 1);
  CHECK(c.subordinate_workers[0].worker_name == "b");
  CHECK(c.subordinate_workers[0].claim->vram_utilization == 0.772);
  CHECK(*find_vram(c.subordinate_workers[0].claim->vram, 0) == 13256383004);
}

TEST_CASE("multi worker: the balanced group only gates, the walk takes any worker of the type (Q26)") {
  ScenarioBuilder b;
  b.workers.push_back(worker(1, "big", {gpu(0, k4090), gpu(1, k4090)}));
  b.workers.push_back(worker(2, "w1", {gpu(0, k4080), gpu(1, k4080)}));
  b.workers.push_back(worker(3, "w2", {gpu(0, k4080), gpu(1, k4080)}));
  b.vram_claim(45000000000LL);
  ScheduleResult r = b.run();
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.candidates[0].worker_name == "big");
  CHECK(r.candidates[0].subordinate_workers[0].worker_name == "w1");
  CHECK(has_quirk(r, "Q26"));
}

TEST_CASE("multi worker: skipped without distributed inference; explained when nothing fits") {
  ScenarioBuilder b;
  b.workers.push_back(worker(2, "a", {gpu(0, k4080)}));
  b.workers.push_back(worker(3, "b", {gpu(0, k4080)}));
  b.vram_claim(40LL * kGiB);
  SECTION("distributed off") {
    b.model["distributed_inference_across_workers"] = false;
    ScheduleResult r = b.run();
    CHECK((*strategy(r, "multi_worker"))["skip"]["code"] == "distributed_disabled");
  }
  SECTION("too little in total") {
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    CHECK(message_keys(r) == std::vector<std::string>{"requirement", "multi_worker"});
    const Json mw = message(r, "multi_worker");
    CHECK(mw["combination"] == Json::array({"a", "b"}));
    CHECK(mw["sum"] == 2 * 13256383004LL);
  }
}

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
