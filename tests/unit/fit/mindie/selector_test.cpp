// MindIE strategies through the whole pipeline (scheduler-rules.md §3.5.5–8): available workers,
// single worker, multi worker, the explanation slots (§6.9) and the strategy records (§6.3).
#include <catch2/catch.hpp>

#include "scenario/scenario_loader.h"
#include "scheduler.h"

using namespace placement;

namespace {

constexpr Bytes k64G = 68719476736;
constexpr Bytes kClaim08 = 54975581388;  // int(64 GiB × 0.8)
constexpr Bytes kTiB = Bytes{1} << 40;

Json gpu(int index, const std::string& inet, const char* status = "up", const char* type = "cann", Bytes total = k64G) {
  return Json{{"index", index}, {"type", type}, {"vendor", "ascend"}, {"memory", {{"total", total}}},
              {"network", {{"status", status}, {"inet", inet}}}};
}

Json worker(int id, const std::string& name, std::vector<Json> gpus, Bytes ram = kTiB) {
  return Json{{"id", id}, {"name", name}, {"state", "ready"}, {"status", {{"memory", {{"total", ram}}}, {"gpu_devices", gpus}}}};
}

// A claim that leaves `left` bytes allocatable on GPU `index` of worker `worker_id`.
Json usage(int id, int worker_id, int index, Bytes used) {
  return Json{{"id", id}, {"model_id", 99}, {"state", "running"}, {"worker_id", worker_id}, {"gpu_indexes", {index}},
              {"computed_resource_claim", {{"vram", {{std::to_string(index), used}}}}}};
}

const char* kQwen3 = R"({"architectures": ["Qwen3ForCausalLM"], "num_attention_heads": 32, "num_key_value_heads": 8,
  "num_hidden_layers": 36, "hidden_size": 2560, "vocab_size": 151936, "max_position_embeddings": 40960,
  "torch_dtype": "bfloat16", "head_dim": 128})";

struct Build {
  std::vector<Json> workers;
  std::vector<Json> instances;
  std::vector<std::string> params = {"--trust-remote-code"};
  Bytes weights = 8044936192;
  const char* config = kQwen3;
  bool distributed = true;
  Json gpu_selector = nullptr;
  Json env = Json::object();

  ScheduleResult run() const {
    Json model{{"id", 1}, {"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", "Qwen/Qwen3-4B"},
               {"backend", "MindIE"}, {"categories", {"llm"}}, {"backend_parameters", params},
               {"distributed_inference_across_workers", distributed}, {"placement_strategy", "binpack"}, {"env", env}};
    if (!gpu_selector.is_null()) model["gpu_selector"] = gpu_selector;
    Json s{{"format", "placement-scenario/1"},
           {"skip_evaluation", true},
           {"workers", workers},
           {"model", model},
           {"model_instances", instances},
           {"estimates", {{"weights_bytes", weights}, {"config", Json::parse(config)}}},
           {"inference_backends", Json::parse(R"([{"backend_name": "MindIE", "version_configs": {"0.0.0": {"built_in_frameworks": ["cann", "cuda", "cpu"]}}}])")}};
    return schedule(load_scenario(s));
  }
};

const Json* strategy(const ScheduleResult& r, const std::string& id) {
  for (const auto& s : r.trace.root()["strategies"])
    if (s["selector"] == "mindie" && s["strategy"] == id) return &s;
  return nullptr;
}

std::vector<std::string> message_keys(const ScheduleResult& r) {
  std::vector<std::string> keys;
  for (const auto& m : r.trace.root()["messages"])
    if (m["source"] == "mindie") keys.push_back(m["key"].get<std::string>());
  return keys;
}

// The values of the mindie slot with this key (null when absent).
Json message(const ScheduleResult& r, const std::string& key) {
  for (const auto& m : r.trace.root()["messages"])
    if (m["source"] == "mindie" && m["key"] == key) return m["values"];
  return nullptr;
}

std::vector<int> indexes(const Candidate& c) { return c.gpu_indexes.value_or(std::vector<int>{}); }

}  // namespace

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

TEST_CASE("mindie single worker: every fitting worker is a candidate, claims and addresses") {
  Build b;
  b.workers = {worker(1, "a", {gpu(0, "10.0.0.1")}), worker(2, "b", {gpu(0, "", "down")})};
  ScheduleResult r = b.run();
  CHECK(r.strategy == "single_worker");
  REQUIRE(r.candidates.size() == 2);
  const Candidate& a = r.candidates[0];
  CHECK(a.gpu_type == std::optional<std::string>("cann"));
  CHECK(indexes(a) == std::vector<int>{0});
  CHECK(a.claim.ram == 512 * kMiB);
  REQUIRE(a.claim.vram.size() == 1);
  CHECK(a.claim.vram[0].second == kClaim08);
  CHECK_FALSE(a.claim.vram_utilization.has_value());
  CHECK(a.gpu_addresses == std::optional<std::vector<std::string>>({"10.0.0.1"}));
  CHECK(r.candidates[1].gpu_addresses == std::optional<std::vector<std::string>>({"-.-.-.-"}));  // NIC down still fine alone
  CHECK((*strategy(r, "multi_worker"))["status"] == "not_reached");
  CHECK(message_keys(r).empty());  // GPUStack says nothing when it found candidates
}

TEST_CASE("mindie single worker: walk rules") {
  SECTION("devices by allocatable desc; a device whose claim exceeds its allocatable is skipped") {
    Build b;
    b.weights = 100 * kGiB;  // needs 3 devices of 51.2 GiB... and tp(3) fails for 32 heads → 4
    b.workers = {worker(1, "a", {gpu(0, "i0"), gpu(1, "i1"), gpu(2, "i2"), gpu(3, "i3"), gpu(4, "i4"), gpu(5, "i5")})};
    b.instances = {usage(10, 1, 0, 5 * kGiB), usage(11, 1, 1, 30 * kGiB)};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    CHECK(indexes(r.candidates[0]) == std::vector<int>{2, 3, 4, 5});
  }
  SECTION("automatic: stops at the first tp-divisible count that covers the VRAM") {
    Build b;
    b.weights = 100 * kGiB;
    b.workers = {worker(1, "a", {gpu(0, "i0"), gpu(1, "i1"), gpu(2, "i2"), gpu(3, "i3"), gpu(4, "i4"), gpu(5, "i5")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    CHECK(indexes(r.candidates[0]) == std::vector<int>{0, 1, 2, 3});  // 3 covers, 32 % 3 ≠ 0
  }
  SECTION("explicit world: exactly that many devices; a worker with fewer is skipped") {
    Build b;
    b.params = {"--tensor-parallel-size=2"};
    b.workers = {worker(1, "one", {gpu(0, "i0")}), worker(2, "four", {gpu(0, "i0"), gpu(1, "i1"), gpu(2, "i2"), gpu(3, "i3")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].worker_name == "four");
    CHECK(indexes(r.candidates[0]) == std::vector<int>{0, 1});
    const Json& rej = (*strategy(r, "single_worker"))["rejections"][0];
    CHECK(rej["code"] == "gpu_count");
    CHECK(rej["data"]["need"] == 2);
    CHECK(rej["data"]["have"] == 1);
  }
  SECTION("explicit world not reachable with fitting devices") {
    Build b;
    b.params = {"-tp", "2"};
    b.distributed = false;
    b.workers = {worker(1, "a", {gpu(0, "i0"), gpu(1, "i1")})};
    b.instances = {usage(10, 1, 1, 30 * kGiB)};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    const Json& rej = (*strategy(r, "single_worker"))["rejections"][0];
    CHECK(rej["code"] == "gpu_count");
    CHECK(rej["shortfalls"][0]["gpu_index"] == 1);
    // Not distributed: GPUStack explains with the largest worker, and multi-worker is skipped.
    CHECK((*strategy(r, "multi_worker"))["skip"]["code"] == "distributed_disabled");
    CHECK(message_keys(r) == std::vector<std::string>{"requirement", "fraction", "single_worker_largest"});
    const Json largest = message(r, "single_worker_largest");
    CHECK(largest["vram"] == kClaim08);
    CHECK(largest["satisfied_gpus"] == 1);
    CHECK(largest["total_gpus"] == 2);
  }
  SECTION("VRAM not covered by all fitting devices") {
    Build b;
    b.weights = 200 * kGiB;
    b.distributed = false;
    b.workers = {worker(1, "a", {gpu(0, "i0"), gpu(1, "i1")})};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    const Json& rej = (*strategy(r, "single_worker"))["rejections"][0];
    CHECK(rej["code"] == "insufficient");
    CHECK(rej["shortfalls"].back()["dim"] == "vram_total");
  }
  SECTION("a non-cann device reached in the walk is GPUStack's KeyError") {
    Build b;
    b.weights = 60 * kGiB;
    b.workers = {worker(1, "mixed", {gpu(0, "i0"), gpu(1, "i1", "up", "cuda")})};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    CHECK(r.trace.root()["error"]["kind"] == "reference_error");
    CHECK(r.trace.root()["error"]["stage"] == "fit");
  }
}

TEST_CASE("mindie multi worker: world, NIC, groups, subordinates") {
  SECTION("explicit tp=2 over two one-device workers: main + subordinate with NIC addresses") {
    Build b;
    b.params = {"--tensor-parallel-size=2", "--trust-remote-code"};
    b.workers = {worker(1, "a", {gpu(0, "10.0.0.1")}), worker(2, "b", {gpu(0, "10.0.0.2")})};
    ScheduleResult r = b.run();
    CHECK(r.strategy == "multi_worker");
    REQUIRE(r.candidates.size() == 1);
    const Candidate& c = r.candidates[0];
    CHECK(c.worker_name == "a");
    CHECK(c.gpu_addresses == std::optional<std::vector<std::string>>({"10.0.0.1"}));
    REQUIRE(c.subordinate_workers.size() == 1);
    const SubordinateWorker& s = c.subordinate_workers[0];
    CHECK(s.worker_name == "b");
    CHECK(s.gpu_addresses == std::optional<std::vector<std::string>>({"10.0.0.2"}));
    REQUIRE(s.claim);
    CHECK(s.claim->ram == 512 * kMiB);
    CHECK_FALSE(s.claim->vram_utilization.has_value());
    CHECK((*strategy(r, "single_worker"))["rejections"][0]["code"] == "gpu_count");
  }
  SECTION("a device needs an up NIC with an inet address") {
    Build b;
    b.params = {"-tp", "2"};
    b.workers = {worker(1, "a", {gpu(0, "10.0.0.1")}), worker(2, "b", {gpu(0, "10.0.0.2", "down")})};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
    const Json* multi = strategy(r, "multi_worker");
    REQUIRE(multi);
    const Json& rej = (*multi)["rejections"][0];
    CHECK(rej["subject"]["worker_name"] == "b");
    CHECK(rej["code"] == "nic_down");
    CHECK(message_keys(r) == std::vector<std::string>{"requirement", "fraction", "multi_worker_best", "multi_worker_advice"});
    const Json best = message(r, "multi_worker_best");
    CHECK(best["workers"] == Json::array({"a"}));
    CHECK(best["vram"] == kClaim08);
    CHECK(best["left_out"] == 1);
    CHECK(best["devices_per_worker"] == 1);
  }
  SECTION("automatic: groups by device count, smaller groups also hold the larger workers; every eligible worker joins") {
    Build b;
    b.weights = 120 * kGiB;
    b.config = R"({"num_attention_heads": 24, "num_key_value_heads": 8, "num_hidden_layers": 36, "hidden_size": 3072,
                   "max_position_embeddings": 8192})";
    b.workers = {worker(1, "two", {gpu(0, "t0"), gpu(1, "t1")}), worker(2, "b", {gpu(0, "b0")}), worker(3, "c", {gpu(0, "c0")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    const Candidate& c = r.candidates[0];
    CHECK(c.worker_name == "b");
    REQUIRE(c.subordinate_workers.size() == 2);
    CHECK(c.subordinate_workers[0].worker_name == "c");
    CHECK(c.subordinate_workers[1].worker_name == "two");
    CHECK(c.subordinate_workers[1].gpu_indexes.value_or(std::vector<int>{}) == std::vector<int>{0});  // local size 1
    const Json& attempts = (*strategy(r, "multi_worker"))["attempts"];
    CHECK(attempts[0]["outcome"] == "too_few_workers");  // the 2-device group holds one worker
    CHECK(attempts[1]["local_size"] == 1);
    CHECK(attempts[1]["outcome"] == "accepted");
  }
  SECTION("every accepted (group, local size) is a candidate, smaller local sizes first") {
    Build b;
    b.params = {"-tp", "4"};
    b.workers = {worker(1, "a", {gpu(0, "a0"), gpu(1, "a1")}), worker(2, "b", {gpu(0, "b0"), gpu(1, "b1")}),
                 worker(3, "c", {gpu(0, "c0"), gpu(1, "c1")}), worker(4, "d", {gpu(0, "d0"), gpu(1, "d1")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 2);
    CHECK(r.candidates[0].subordinate_workers.size() == 3);  // local 1: a + b, c, d
    CHECK(indexes(r.candidates[1]) == std::vector<int>{0, 1});  // local 2: a + b
    CHECK(r.candidates[1].subordinate_workers.size() == 1);
  }
  SECTION("an up NIC without an inet address does not count") {
    Build b;
    b.params = {"-tp", "2"};
    b.workers = {worker(1, "a", {gpu(0, "10.0.0.1")}), worker(2, "b", {gpu(0, "")})};
    ScheduleResult r = b.run();
    CHECK(r.candidates.empty());
  }
  SECTION("pp sets local = 1 and world = pp") {
    Build b;
    b.params = {"--npu-memory-fraction=0.5", "--pipeline-parallel-size=3"};
    b.workers = {worker(1, "a", {gpu(0, "a0")}), worker(2, "b", {gpu(0, "b0")}), worker(3, "c", {gpu(0, "c0")}), worker(4, "d", {gpu(0, "d0")})};
    ScheduleResult r = b.run();
    REQUIRE(r.candidates.size() == 1);
    CHECK(r.candidates[0].subordinate_workers.size() == 2);  // stops at world 3
    CHECK(r.candidates[0].claim.vram[0].second == 34359738368);
  }
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

TEST_CASE("mindie manual: GPU ids go to the shared routine; auto strategies are skipped") {
  Build b;
  b.workers = {worker(1, "a", {gpu(0, "i0")}), worker(2, "b", {gpu(0, "i1")})};
  b.gpu_selector = Json{{"gpu_ids", {"a:cann:0", "ghost:cann:0"}}, {"gpus_per_replica", 2}};
  ScheduleResult r = b.run();
  CHECK((*strategy(r, "single_worker"))["skip"]["code"] == "manual_only");
  CHECK((*strategy(r, "multi_worker"))["skip"]["code"] == "manual_only");
  CHECK(strategy(r, "manual") != nullptr);
  if (r.candidates.empty()) {
    // GPUStack's text starts with the requirement, before anything the routine says.
    std::vector<std::string> keys = message_keys(r);
    REQUIRE(keys.size() >= 2);
    CHECK(keys[0] == "requirement");
    CHECK(keys[1] == "fraction");
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
