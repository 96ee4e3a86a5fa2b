// Allocatable memory (scheduler-rules.md §1.5), the spec's worked examples and each rule as a row.
#include <catch2/catch.hpp>

#include "resources/allocatable.h"
#include "scenario/scenario_loader.h"

using namespace placement;

namespace {

Worker worker(const char* json) { return load_worker(Json::parse(json), "/w"); }
ModelInstance instance(const char* json) { return load_instance(Json::parse(json), "/i"); }

}  // namespace

TEST_CASE("discrete worker: main claims, subordinate claims, reservations") {
  Worker w = worker(R"({"id": 1, "name": "w", "state": "ready", "system_reserved": {"ram": 2147483648, "vram": 1073741824},
    "status": {"memory": {"total": 67183366144}, "gpu_devices": [
      {"index": 0, "type": "cuda", "memory": {"total": 17171480576}},
      {"index": 1, "type": "cuda", "memory": {"total": 17171480576}}]}})");
  std::vector<ModelInstance> instances = {
      instance(R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 1, "gpu_indexes": [0],
                 "computed_resource_claim": {"ram": 1000000000, "vram": {"0": 10000000000}}})"),
      instance(R"({"id": 2, "model_id": 2, "state": "running", "worker_id": 9, "gpu_indexes": [0],
                 "computed_resource_claim": {"ram": 5, "vram": {"0": 5}},
                 "distributed_servers": {"subordinate_workers": [
                   {"worker_id": 1, "worker_name": "w", "gpu_indexes": [1], "computed_resource_claim": {"ram": 77, "vram": {"1": 5000000000}}}]}})"),
  };
  AllocationIndex index(instances);
  Allocatable a = index.compute(w);
  CHECK(a.ram == 64035882496);
  CHECK(a.gpu_or_zero(0) == 6097738752);
  CHECK(a.gpu_or_zero(1) == 11097738752);
}

TEST_CASE("unified memory worker") {
  Worker w = worker(R"({"id": 1, "name": "mac", "state": "ready", "system_reserved": {"ram": 2147483648, "vram": 1073741824},
    "status": {"memory": {"total": 206158430208, "is_unified_memory": true}, "gpu_devices": [
      {"index": 0, "type": "mps", "memory": {"total": 200790917120}}]}})");
  std::vector<ModelInstance> instances = {instance(R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 1,
      "gpu_indexes": [0], "computed_resource_claim": {"ram": 4294967296, "vram": {"0": 21474836480}}})")};
  AllocationIndex index(instances);
  Allocatable a = index.compute(w);
  CHECK(a.ram == 165 * kGiB);
  CHECK(a.gpu_or_zero(0) == 165 * kGiB);
}

TEST_CASE("allocatable rules, row by row") {
  Worker mixed = worker(R"({"id": 1, "name": "mix", "state": "ready",
    "status": {"memory": {"total": 1000}, "gpu_devices": [
      {"index": 0, "type": "cuda", "memory": {"total": 100}},
      {"index": 0, "type": "rocm", "memory": {"total": 80}}]}})");
  SECTION("index-only keys: a cuda:0 claim reduces rocm:0 without a type filter (later value kept)") {
    std::vector<ModelInstance> inst = {instance(R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 1, "gpu_type": "cuda",
        "gpu_indexes": [0], "computed_resource_claim": {"ram": 10, "vram": {"0": 30}}})")};
    AllocationIndex index(inst);
    Allocatable a = index.compute(mixed);
    REQUIRE(a.vram.size() == 1);
    CHECK(a.gpu_or_zero(0) == 50);  // rocm 80 - 30
    CHECK(a.ram == 990);
    Allocatable typed = index.compute(mixed, std::string("rocm"));
    CHECK(typed.gpu_or_zero(0) == 80);  // a cuda claim does not count for rocm
    CHECK(typed.ram == 1000);
    Allocatable cuda = index.compute(mixed, std::string("cuda"));
    CHECK(cuda.gpu_or_zero(0) == 70);
  }
  SECTION("a main claim with empty gpu_indexes adds RAM but no VRAM") {
    std::vector<ModelInstance> inst = {instance(R"({"id": 1, "model_id": 1, "state": "error", "worker_id": 1,
        "gpu_indexes": [], "computed_resource_claim": {"ram": 10, "vram": {"0": 30}}})")};
    Allocatable a = AllocationIndex(inst).compute(mixed);
    CHECK(a.gpu_or_zero(0) == 80);
    CHECK(a.ram == 990);
  }
  SECTION("subordinates never add RAM; typed subordinate counts only with an equal instance type") {
    std::vector<ModelInstance> inst = {instance(R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 7,
        "gpu_indexes": [0], "computed_resource_claim": {"ram": 10, "vram": {"0": 1}},
        "distributed_servers": {"subordinate_workers": [{"worker_id": 1, "gpu_indexes": [0],
          "computed_resource_claim": {"ram": 500, "vram": {"0": 20}}}]}})")};
    AllocationIndex index(inst);
    CHECK(index.compute(mixed).ram == 1000);
    CHECK(index.compute(mixed).gpu_or_zero(0) == 60);
    CHECK(index.compute(mixed, std::string("cuda")).gpu_or_zero(0) == 100);  // instance gpu_type null ≠ cuda
  }
  SECTION("never below zero") {
    std::vector<ModelInstance> inst = {instance(R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 1,
        "gpu_indexes": [0], "computed_resource_claim": {"ram": 5000, "vram": {"0": 500}}})")};
    Allocatable a = AllocationIndex(inst).compute(mixed);
    CHECK(a.ram == 0);
    CHECK(a.gpu_or_zero(0) == 0);
  }
  SECTION("UMA worker with GPUs but no index 0 is flagged") {
    Worker w = worker(R"({"id": 2, "name": "uma", "state": "ready",
      "status": {"memory": {"total": 1000, "is_unified_memory": true}, "gpu_devices": [
        {"index": 1, "type": "mps", "memory": {"total": 900}}]}})");
    CHECK(AllocationIndex(std::vector<ModelInstance>{}).compute(w).uma_missing_index0);
  }
}

TEST_CASE("allocated_on_gpu equals compute's allocated VRAM, instance shape by shape") {
  Worker w = worker(R"({"id": 1, "name": "w", "state": "ready",
    "status": {"memory": {"total": 1000}, "gpu_devices": [
      {"index": 0, "type": "cuda", "memory": {"total": 100}},
      {"index": 1, "type": "cuda", "memory": {"total": 100}},
      {"index": 2, "type": "rocm", "memory": {"total": 100}}]}})");
  struct Row {
    const char* what;
    std::vector<const char*> instances;
  };
  const Row rows[] = {
      {"no instance", {}},
      {"a main claim on GPU 0",
       {R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 1, "gpu_indexes": [0],
            "computed_resource_claim": {"ram": 1, "vram": {"0": 30}}})"}},
      {"two main claims on one GPU add up; another type counts too",
       {R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 1, "gpu_indexes": [0], "gpu_type": "cuda",
            "computed_resource_claim": {"ram": 1, "vram": {"0": 30, "2": 7}}})",
        R"({"id": 2, "model_id": 2, "state": "running", "worker_id": 1, "gpu_indexes": [0], "gpu_type": "rocm",
            "computed_resource_claim": {"ram": 1, "vram": {"0": 12}}})"}},
      {"a main claim without GPU indexes counts nothing",
       {R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 1, "gpu_indexes": [],
            "computed_resource_claim": {"ram": 1, "vram": {"0": 30}}})"}},
      {"a subordinate claim here, another elsewhere",
       {R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 9, "gpu_indexes": [0],
            "computed_resource_claim": {"ram": 1, "vram": {"0": 50}},
            "distributed_servers": {"subordinate_workers": [
              {"worker_id": 1, "worker_name": "w", "gpu_indexes": [1], "computed_resource_claim": {"ram": 1, "vram": {"1": 20}}},
              {"worker_id": 5, "worker_name": "x", "gpu_indexes": [0], "computed_resource_claim": {"ram": 1, "vram": {"0": 40}}}]}})"}},
      {"main and subordinate on the same worker both count",
       {R"({"id": 1, "model_id": 1, "state": "running", "worker_id": 1, "gpu_indexes": [1],
            "computed_resource_claim": {"ram": 1, "vram": {"1": 15}},
            "distributed_servers": {"subordinate_workers": [
              {"worker_id": 1, "worker_name": "w", "gpu_indexes": [1], "computed_resource_claim": {"ram": 1, "vram": {"1": 25}}}]}})"}},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    std::vector<ModelInstance> instances;
    for (const char* json : row.instances) instances.push_back(instance(json));
    AllocationIndex index(instances);
    const Allocatable a = index.compute(w);
    for (int gpu : {0, 1, 2, 3}) {
      INFO("GPU " << gpu);
      CHECK(index.allocated_on_gpu(w, gpu) == a.allocated_gpu(gpu));
    }
  }
}
