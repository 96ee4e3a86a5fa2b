// The Custom / VoxBox selector (scheduler-rules.md §3.6), one row per rule.
#include <catch2/catch.hpp>

#include <memory>

#include "fit/registry.h"
#include "scenario/scenario_loader.h"

using namespace placement;

namespace {

constexpr Bytes G = kGiB;

Json gpu(const std::string& type, int index, Bytes total) { return Json{{"index", index}, {"type", type}, {"memory", {{"total", total}}}}; }

Json worker(std::int64_t id, const std::string& name, Bytes ram, Json gpus = Json::array()) {
  return Json{{"id", id}, {"name", name}, {"state", "ready"}, {"status", {{"memory", {{"total", ram}}}, {"gpu_devices", gpus}}}};
}

// VRAM request through the env claim: RAM = max(int(VRAM × 0.1), 2 GiB).
Json model(Bytes vram, Json extra = Json::object()) {
  Json m{{"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", "o/r"}, {"backend", "Custom"},
         {"env", {{"GPUSTACK_MODEL_VRAM_CLAIM", std::to_string(vram)}}}};
  for (const auto& [k, v] : extra.items()) m[k] = v;
  return m;
}

struct Run {
  std::unique_ptr<Scenario> scenario;
  Trace trace;
  FitResult fit;

  const Json* strategy(const std::string& id) const {
    for (const auto& s : trace.root()["strategies"])
      if (s["strategy"] == id) return &s;
    return nullptr;
  }
  std::vector<std::string> message_keys() const {
    std::vector<std::string> out;
    for (const auto& m : trace.root()["messages"])
      if (m["source"] == "custom") out.push_back(m["key"]);
    return out;
  }
  const Json& message(const std::string& key) const {
    for (const auto& m : trace.root()["messages"])
      if (m["key"] == key) return m["values"];
    throw std::runtime_error("no message " + key);
  }
  bool has_quirk(const std::string& id) const {
    for (const auto& q : trace.root()["quirks"])
      if (q["id"] == id) return true;
    return false;
  }
};

Run run_custom(Json workers, Json m, Json instances = Json::array()) {
  Run r;
  r.scenario = std::make_unique<Scenario>(
      load_scenario(Json{{"workers", workers}, {"model", m}, {"model_instances", instances}, {"skip_evaluation", true}}));
  std::vector<const Worker*> ws;
  for (const auto& w : r.scenario->workers) ws.push_back(&w);
  AllocationIndex allocation(r.scenario->model_instances);
  BackendParameters params(r.scenario->model.backend_parameters);
  FitContext ctx{*r.scenario, r.scenario->model, ws, allocation, params, r.trace};
  r.fit = select_custom(ctx);
  return r;
}

std::vector<std::vector<int>> indexes_of(const FitResult& f) {
  std::vector<std::vector<int>> out;
  for (const auto& c : f.candidates) out.push_back(c.gpu_indexes.value_or(std::vector<int>{}));
  return out;
}

}  // namespace

TEST_CASE("custom: requirement RAM = max(int(VRAM x 0.1), 2 GiB)") {
  struct Row {
    Bytes vram;
    Bytes ram;
  };
  const Row rows[] = {{28991029248, 2899102924}, {10 * G, 2 * G}, {20 * G + 5, 2147483648}, {30 * G, 3221225472}};
  for (const Row& row : rows) {
    INFO(row.vram);
    Run r = run_custom(Json::array({worker(1, "w", 512 * G, Json::array({gpu("cuda", 0, 80 * G)}))}), model(row.vram));
    CHECK(r.trace.root()["requirement"]["vram"] == row.vram);
    CHECK(r.trace.root()["requirement"]["ram"] == row.ram);
    CHECK(r.trace.root()["requirement"]["vram_source"] == "env");
  }
}

TEST_CASE("custom: single GPU path") {
  SECTION("every GPU holding the whole request is a candidate, claim {i: VRAM}, typed") {
    Json w = worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 24 * G), gpu("cuda", 1, 8 * G), gpu("cuda", 2, 24 * G)}));
    Run r = run_custom(Json::array({w}), model(20 * G));
    CHECK(r.fit.strategy == "single_gpu");
    CHECK(indexes_of(r.fit) == std::vector<std::vector<int>>{{0}, {2}});
    const Candidate& c = r.fit.candidates[0];
    CHECK(c.gpu_type == std::optional<std::string>("cuda"));
    CHECK(c.claim.vram == VramMap{{0, 20 * G}});
    CHECK(c.claim.ram == std::optional<Bytes>(2 * G));
    CHECK(c.claim.is_unified_memory == std::optional<bool>(false));
    const Json* s = r.strategy("single_gpu");
    REQUIRE(s);
    CHECK((*s)["status"] == "tried");
    CHECK((*s)["rejections"].size() == 1);  // GPU 1
    CHECK((*s)["rejections"][0]["shortfalls"][0]["dim"] == "vram");
    CHECK((*r.strategy("single_worker_multi_gpu"))["status"] == "not_reached");
    CHECK((*r.strategy("cpu_only"))["status"] == "skipped");
    CHECK(r.message_keys().empty());  // success: no explanation
  }
  SECTION("a GPU at exactly the request fits (>=)") {
    Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 20 * G)}))}), model(20 * G));
    CHECK(r.fit.candidates.size() == 1);
  }
  SECTION("the worker's RAM must hold the RAM request") {
    Run r = run_custom(Json::array({worker(1, "w", 1 * G, Json::array({gpu("cuda", 0, 80 * G)}))}), model(20 * G));
    CHECK(r.fit.candidates.empty());
    const Json& rej = (*r.strategy("single_gpu"))["rejections"][0];
    CHECK(rej["shortfalls"][0]["dim"] == "ram");
    CHECK(rej["shortfalls"][0]["short"] == 1 * G);
  }
  SECTION("allocatable per type: existing claims reduce it") {
    Json inst = Json::array({Json{{"id", 1}, {"model_id", 9}, {"state", "running"}, {"worker_id", 1}, {"gpu_type", "cuda"},
                                   {"gpu_indexes", {0}}, {"computed_resource_claim", {{"ram", 0}, {"vram", {{"0", 10 * G}}}}}}});
    Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 24 * G), gpu("cuda", 1, 24 * G)}))}),
                       model(20 * G), inst);
    CHECK(indexes_of(r.fit) == std::vector<std::vector<int>>{{1}});
    const Json& sf = (*r.strategy("single_gpu"))["rejections"][0]["shortfalls"][0];
    CHECK(sf["have"] == 14 * G);
    CHECK(sf["freeable"] == true);
  }
}

TEST_CASE("custom: multi GPU path takes every GPU of the worker and splits evenly (Q16)") {
  SECTION("the acceptance case: 4 x 16 GiB, 27 GiB request") {
    Json w = worker(5, "host-4-4080", 134366732288,
                    Json::array({gpu("cuda", 0, 17171480576), gpu("cuda", 1, 17171480576), gpu("cuda", 2, 17171480576),
                                 gpu("cuda", 3, 17171480576)}));
    Run r = run_custom(Json::array({w}), model(28991029248));
    CHECK(r.fit.strategy == "single_worker_multi_gpu");
    REQUIRE(r.fit.candidates.size() == 1);
    const Candidate& c = r.fit.candidates[0];
    CHECK(c.gpu_indexes == std::optional<std::vector<int>>({0, 1, 2, 3}));
    CHECK(c.claim.vram == VramMap{{0, 7247757312}, {1, 7247757312}, {2, 7247757312}, {3, 7247757312}});
    CHECK(c.claim.ram == std::optional<Bytes>(2899102924));
    CHECK_FALSE(r.has_quirk("Q16"));
  }
  SECTION("a full GPU still takes its share: Q16") {
    Json inst = Json::array({Json{{"id", 1}, {"model_id", 9}, {"state", "running"}, {"worker_id", 1}, {"gpu_type", "cuda"},
                                   {"gpu_indexes", {1}}, {"computed_resource_claim", {{"ram", 0}, {"vram", {{"1", 16 * G}}}}}}});
    Json w = worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 16 * G), gpu("cuda", 1, 16 * G), gpu("cuda", 2, 16 * G)}));
    Run r = run_custom(Json::array({w}), model(30 * G), inst);
    REQUIRE(r.fit.candidates.size() == 1);
    CHECK(r.fit.candidates[0].gpu_indexes == std::optional<std::vector<int>>({0, 1, 2}));
    CHECK(r.fit.candidates[0].claim.vram == VramMap{{0, 10 * G}, {1, 10 * G}, {2, 10 * G}});
    CHECK(r.has_quirk("Q16"));
  }
  SECTION("a one-GPU worker is not a multi-GPU candidate") {
    Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 16 * G)}))}), model(20 * G));
    CHECK(r.fit.candidates.empty());
    CHECK((*r.strategy("single_worker_multi_gpu"))["rejections"][0]["code"] == "gpu_count");
  }
  SECTION("the sum must hold the request") {
    Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 8 * G), gpu("cuda", 1, 8 * G)}))}), model(20 * G));
    CHECK(r.fit.candidates.empty());
    const Json& sf = (*r.strategy("single_worker_multi_gpu"))["rejections"][0]["shortfalls"][0];
    CHECK(sf["dim"] == "vram_total");
    CHECK(sf["short"] == 4 * G);
  }
}

TEST_CASE("custom: a mixed worker keeps only its last-appearing GPU type (Q1)") {
  Json mixed = worker(1, "mix", 64 * G, Json::array({gpu("cuda", 0, 40 * G), gpu("rocm", 0, 24 * G), gpu("rocm", 1, 24 * G)}));
  Run r = run_custom(Json::array({mixed}), model(20 * G));
  // The 40 GiB cuda GPU is never usable; both rocm GPUs are.
  CHECK(indexes_of(r.fit) == std::vector<std::vector<int>>{{0}, {1}});
  CHECK(r.fit.candidates[0].gpu_type == std::optional<std::string>("rocm"));
  CHECK(r.has_quirk("Q1"));
}

TEST_CASE("custom: CPU path") {
  SECTION("with cpu_offloading every worker with enough RAM, no GPUs, vram {}") {
    Run r = run_custom(Json::array({worker(1, "small", 1 * G), worker(2, "big", 64 * G)}), model(100 * G, {{"cpu_offloading", true}}));
    CHECK(r.fit.strategy == "cpu_only");
    REQUIRE(r.fit.candidates.size() == 1);
    const Candidate& c = r.fit.candidates[0];
    CHECK(c.worker_name == "big");
    CHECK_FALSE(c.gpu_indexes.has_value());
    CHECK_FALSE(c.gpu_type.has_value());
    CHECK(c.claim.vram.empty());
    CHECK(c.claim.ram == std::optional<Bytes>(10 * G));
  }
  SECTION("without cpu_offloading it is skipped") {
    Run r = run_custom(Json::array({worker(1, "big", 64 * G)}), model(100 * G));
    CHECK(r.fit.candidates.empty());
    CHECK((*r.strategy("cpu_only"))["skip"]["code"] == "needs_cpu_offloading");
  }
}

TEST_CASE("custom: explanation slots in GPUStack's order") {
  struct Row {
    const char* rule;
    Json workers;
    Json model;
    std::vector<std::string> keys;
  };
  const Row rows[] = {
      {"CPU RAM short wins over the GPU lines", Json::array({worker(6, "host-cpu-1", 64 * G)}),
       model(751619276800, {{"cpu_offloading", true}}), {"requirement", "cpu_only"}},
      {"multi-GPU line when the largest worker had two GPUs",
       Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 8 * G), gpu("cuda", 1, 8 * G)}))}), model(20 * G),
       {"requirement", "single_worker_multi_gpu"}},
      {"single-GPU line when no multi-GPU worker was seen", Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 8 * G)}))}),
       model(20 * G), {"requirement", "single_gpu"}},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    Run r = run_custom(row.workers, row.model);
    CHECK(r.fit.candidates.empty());
    CHECK(r.message_keys() == row.keys);
  }
  Run r = run_custom(Json::array({worker(1, "w", 64 * G, Json::array({gpu("cuda", 0, 8 * G), gpu("cuda", 1, 8 * G)}))}), model(20 * G));
  CHECK(r.message("requirement")["vram"] == 20 * G);
  CHECK(r.message("single_worker_multi_gpu")["largest_vram"] == 16 * G);
  CHECK(r.message("single_worker_multi_gpu")["gpu_count"] == 2);
}

TEST_CASE("custom: manual GPU selection") {
  Json workers = Json::array({worker(1, "a", 64 * G, Json::array({gpu("cuda", 0, 24 * G)})), worker(2, "b", 64 * G, Json::array({gpu("cuda", 0, 24 * G)}))});
  SECTION("ids on several workers: error event, nothing else runs") {
    Run r = run_custom(workers, model(10 * G, {{"gpu_selector", {{"gpu_ids", {"a:cuda:0", "b:cuda:0"}}}}}));
    CHECK(r.fit.candidates.empty());
    const Json* m = r.strategy("manual");
    REQUIRE(m);
    CHECK((*m)["skip"]["code"] == "manual_multi_worker");
    CHECK((*m)["skip"]["data"]["workers"] == Json({"a", "b"}));
    for (const char* s : {"single_gpu", "single_worker_multi_gpu", "cpu_only"}) CHECK((*r.strategy(s))["skip"]["code"] == "manual_only");
    CHECK(r.message_keys() == std::vector<std::string>{"requirement", "manual_multi_worker"});
  }
  SECTION("ids on one worker go to the shared manual routine; auto paths are skipped") {
    Run r = run_custom(workers, model(10 * G, {{"gpu_selector", {{"gpu_ids", {"a:cuda:0"}}}}}));
    CHECK(r.strategy("manual"));  // written by the routine
    for (const char* s : {"single_gpu", "single_worker_multi_gpu", "cpu_only"}) CHECK((*r.strategy(s))["skip"]["code"] == "manual_only");
    if (r.fit.candidates.empty()) CHECK(r.message_keys().front() == "requirement");
  }
}
