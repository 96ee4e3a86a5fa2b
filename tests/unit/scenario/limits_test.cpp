// Every documented scenario limit (README "Limits", core/scenario/limits.h) with an input just
// under it (accepted) and just over it (refused with the JSON Pointer of the value).
#include <catch2/catch.hpp>

#include "scenario/errors.h"
#include "scenario/limits.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

using namespace placement;

namespace {

Json worker(std::int64_t id, std::size_t gpus) {
  Json w = Json::parse(R"({"state": "ready", "system_reserved": {"ram": 0, "vram": 0},
                           "status": {"memory": {"total": 1000}, "gpu_devices": []}})");
  w["id"] = id;
  w["name"] = "w" + std::to_string(id);
  for (std::size_t i = 0; i < gpus; ++i)
    w["status"]["gpu_devices"].push_back({{"index", i}, {"type", "cuda"}, {"memory", {{"total", 100}}}});
  return w;
}

Json instance(std::int64_t id) {
  return {{"id", id}, {"model_id", 1}, {"state", "running"}, {"worker_id", 1}, {"gpu_indexes", {0}},
          {"computed_resource_claim", {{"ram", 1}, {"vram", {{"0", 2}}}}}};
}

Json base() {
  Json s = Json::parse(R"({
    "format": "placement-scenario/1",
    "model": {"id": 1, "name": "m", "source": "huggingface", "huggingface_repo_id": "a/b", "backend": "vLLM",
              "replicas": 1, "placement_strategy": "spread", "categories": ["llm"]},
    "estimates": {"weights_bytes": 10, "config": {}}
  })");
  s["workers"] = Json::array({worker(1, 1)});
  return s;
}

struct Row {
  const char* name;
  std::function<void(Json&)> under;  // makes the scenario sit exactly at the limit
  std::function<void(Json&)> over;   // one past it
  const char* pointer;
  const char* text;
};

}  // namespace

TEST_CASE("every scenario limit: just under is accepted, just over is refused", "[limits]") {
  using namespace limits;
  const std::vector<Row> rows = {
      {"workers",
       [](Json& s) { for (std::int64_t i = 2; i <= std::int64_t(kMaxWorkers); ++i) s["workers"].push_back(worker(i, 0)); },
       [](Json& s) { for (std::int64_t i = 2; i <= std::int64_t(kMaxWorkers) + 1; ++i) s["workers"].push_back(worker(i, 0)); },
       "/workers", "16385 workers is beyond the explorer's limit of 16384"},
      {"GPUs per worker", [](Json& s) { s["workers"][0] = worker(1, kMaxGpusPerWorker); },
       [](Json& s) { s["workers"][0] = worker(1, kMaxGpusPerWorker + 1); }, "/workers/0/status/gpu_devices",
       "65 GPUs on one worker"},
      {"model instances",
       [](Json& s) { for (std::size_t i = 1; i <= kMaxModelInstances; ++i) s["model_instances"].push_back(instance(std::int64_t(i))); },
       [](Json& s) { for (std::size_t i = 1; i <= kMaxModelInstances + 1; ++i) s["model_instances"].push_back(instance(std::int64_t(i))); },
       "/model_instances", "65537 model instances"},
      {"model files",
       [](Json& s) { s["model_files"] = Json::array(); for (std::size_t i = 0; i < kMaxModelFiles; ++i) s["model_files"].push_back({{"worker_id", 1}, {"state", "ready"}}); },
       [](Json& s) { s["model_files"] = Json::array(); for (std::size_t i = 0; i <= kMaxModelFiles; ++i) s["model_files"].push_back({{"worker_id", 1}, {"state", "ready"}}); },
       "/model_files", "65537 model files"},
      {"candidates",
       [](Json& s) { s["candidates"] = Json::array(); for (std::size_t i = 0; i < kMaxCandidates; ++i) s["candidates"].push_back({{"worker_id", 1}}); },
       [](Json& s) { s["candidates"] = Json::array(); for (std::size_t i = 0; i <= kMaxCandidates; ++i) s["candidates"].push_back({{"worker_id", 1}}); },
       "/candidates", "65537 candidates"},
      {"byte size", [](Json& s) { s["workers"][0]["status"]["memory"]["total"] = kMaxBytes; },
       [](Json& s) { s["workers"][0]["status"]["memory"]["total"] = kMaxBytes + 1; }, "/workers/0/status/memory/total",
       "(64 TiB)"},
      {"GPU memory", [](Json& s) { s["workers"][0]["status"]["gpu_devices"][0]["memory"]["total"] = kMaxBytes; },
       [](Json& s) { s["workers"][0]["status"]["gpu_devices"][0]["memory"]["total"] = kMaxBytes + 1; },
       "/workers/0/status/gpu_devices/0/memory/total", "limit"},
      {"claim", [](Json& s) { s["model_instances"] = Json::array({instance(1)}); s["model_instances"][0]["computed_resource_claim"]["vram"]["0"] = kMaxBytes; },
       [](Json& s) { s["model_instances"] = Json::array({instance(1)}); s["model_instances"][0]["computed_resource_claim"]["vram"]["0"] = kMaxBytes + 1; },
       "/model_instances/0/computed_resource_claim/vram/0", "limit"},
      {"weights", [](Json& s) { s["estimates"]["weights_bytes"] = kMaxBytes; },
       [](Json& s) { s["estimates"]["weights_bytes"] = kMaxBytes + 1; }, "/estimates/weights_bytes", "limit"},
      {"GPU index", [](Json& s) { s["workers"][0]["status"]["gpu_devices"][0]["index"] = kMaxGpuIndex; },
       [](Json& s) { s["workers"][0]["status"]["gpu_devices"][0]["index"] = kMaxGpuIndex + 1; },
       "/workers/0/status/gpu_devices/0/index", "out of range"},
      {"replicas", [](Json& s) { s["model"]["replicas"] = kMaxReplicas; },
       [](Json& s) { s["model"]["replicas"] = kMaxReplicas + 1; }, "/model/replicas", "limit of 100000"},
      {"claim layers", [](Json& s) { s["model_instances"] = Json::array({instance(1)}); s["model_instances"][0]["computed_resource_claim"]["offload_layers"] = kMaxLayers; },
       [](Json& s) { s["model_instances"] = Json::array({instance(1)}); s["model_instances"][0]["computed_resource_claim"]["offload_layers"] = kMaxLayers + 1; },
       "/model_instances/0/computed_resource_claim/offload_layers", "out of range"},
      {"64-bit integers", [](Json& s) { s["workers"][0]["id"] = std::numeric_limits<std::int64_t>::max(); },
       [](Json& s) { s["workers"][0]["id"] = std::uint64_t(std::numeric_limits<std::int64_t>::max()) + 1; }, "/workers/0/id",
       "does not fit in 64 bits"},
  };
  for (const Row& r : rows) {
    INFO(r.name);
    Json under = base(), over = base();
    r.under(under);
    r.over(over);
    CHECK_NOTHROW(load_scenario(under));
    try {
      load_scenario(over);
      FAIL("accepted one past the limit");
    } catch (const InputError& e) {
      CHECK(e.pointer() == r.pointer);
      CHECK_THAT(e.message(), Catch::Contains(r.text));
    }
  }
}

TEST_CASE("claims at the byte limit on every instance of one GPU do not overflow the sums", "[limits]") {
  Json s = base();
  s["workers"][0]["status"]["gpu_devices"][0]["memory"]["total"] = limits::kMaxBytes;
  s["workers"][0]["status"]["memory"]["total"] = limits::kMaxBytes;
  for (std::int64_t i = 1; i <= 4096; ++i) {
    Json inst = instance(i);
    inst["computed_resource_claim"]["ram"] = limits::kMaxBytes;
    inst["computed_resource_claim"]["vram"]["0"] = limits::kMaxBytes;
    s["model_instances"].push_back(inst);
  }
  // Any answer is fine as long as it is an answer (UBSan reports a signed overflow here if any).
  const std::string out = schedule_json(s.dump());
  CHECK(out.rfind("{\n  \"error\"", 0) == std::string::npos);
}
