// load_scenario_text streams workers and model_instances through fast typed readers: for every
// text it must give what load_scenario(parse_scenario_document(text)) gives, the same scenario
// or the same error (pointer and message), whichever path an element takes.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

using namespace placement;
namespace fs = std::filesystem;

namespace {

template <class T>
Json opt(const std::optional<T>& v) {
  return v ? Json(*v) : Json("<none>");
}

Json claim_facts(const ResourceClaim& c) {
  Json vram = Json::array();
  for (const auto& [i, b] : c.vram) vram.push_back({i, b});
  return {opt(c.ram), vram, c.vram_present, opt(c.offload_layers), opt(c.total_layers), opt(c.tensor_split), opt(c.vram_utilization),
          opt(c.is_unified_memory)};
}

// Every field the loader fills for workers and instances, plus the warnings.
std::string facts(const Scenario& s) {
  Json out = Json::array();
  for (const Worker& w : s.workers) {
    Json gpus = Json::array();
    for (const GpuDevice& g : w.gpus)
      gpus.push_back({g.index, g.type, g.vendor, g.name, opt(g.runtime_version.get()), opt(g.arch_family.get()), g.memory_total,
                      opt(g.memory_used), opt(g.network_status.get()), opt(g.network_inet.get())});
    out.push_back({w.id, w.name, opt(w.cluster_id), w.labels, w.state, w.reserved_ram, w.reserved_vram, w.memory_total, w.is_unified_memory,
                   gpus, opt(w.local_paths), opt(w.os)});
  }
  for (const ModelInstance& m : s.model_instances) {
    Json subs = Json::array();
    for (const SubordinateWorker& sw : m.subordinate_workers)
      subs.push_back({opt(sw.worker_id), sw.worker_name, opt(sw.gpu_indexes), sw.claim ? claim_facts(*sw.claim) : Json("<none>"),
                      opt(sw.gpu_addresses)});
    out.push_back({m.id, m.name, opt(m.model_id), opt(m.backend), m.state, opt(m.worker_id), opt(m.worker_name), opt(m.gpu_type),
                   opt(m.gpu_indexes), m.claim ? claim_facts(*m.claim) : Json("<none>"), subs});
  }
  out.push_back(s.warnings);
  out.push_back(s.model.name);
  return out.dump();
}

// The outcome of a loader: the facts, or the error's pointer and message.
template <class Load>
std::string outcome(Load load) {
  try {
    return facts(load());
  } catch (const InputError& e) {
    return "error at " + e.pointer() + ": " + e.message();
  }
}

void check_same(const std::string& text) {
  INFO(text.substr(0, 600));
  const std::string streamed = outcome([&] { return load_scenario_text(text); });
  const std::string whole = outcome([&] { return load_scenario(parse_scenario_document(text)); });
  CHECK(streamed == whole);
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const char* kWorker = R"({"id": 1, "name": "w1", "state": "ready", "cluster_id": 3, "labels": {"os": "linux", "gpu": "a"},
  "system_reserved": {"ram": 5, "vram": 6}, "extra": {"deep": [1, {"x": null}]},
  "status": {"memory": {"total": 1000, "is_unified_memory": true}, "cpu": {"total": 4},
             "gpu_devices": [{"index": 0, "type": "cuda", "vendor": "nvidia", "name": "A", "runtime_version": "12",
                              "arch_family": "ampere", "memory": {"total": 100, "used": 1},
                              "network": {"status": "up", "inet": "10.0.0.1"}},
                             {"index": 1, "type": "cuda", "memory": {"total": 100}}]}})";
const char* kInstance = R"({"id": 5, "model_id": 1, "name": "i", "backend": "vLLM", "state": "running", "worker_id": 1,
  "worker_name": "w1", "gpu_type": "cuda", "gpu_indexes": [0, 1],
  "computed_resource_claim": {"ram": 1, "vram": {"0": 2, "1": 3}, "offload_layers": 4, "total_layers": 5, "is_unified_memory": false},
  "distributed_servers": {"subordinate_workers": [], "rpc": []}})";

std::string scenario(const std::string& workers, const std::string& instances, const std::string& tail = "") {
  return R"({"format": "placement-scenario/1", "workers": [)" + workers + R"(], "model": {"name": "m", "huggingface_repo_id": "a/b"},
    "model_instances": [)" + instances + "]" + tail + "}";
}

// `text` with the first `from` replaced by `to`.
std::string patched(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("streamed loading reads every worker and instance field as the document loader does") {
  const std::string text = scenario(kWorker, kInstance);
  check_same(text);
  const Scenario s = load_scenario_text(text);
  REQUIRE(s.workers.size() == 1);
  CHECK(s.workers[0].gpus.size() == 2);
  CHECK(s.workers[0].os == std::optional<std::string>("linux"));
  CHECK(s.workers[0].gpus[0].memory_used == std::optional<Bytes>(1));
  CHECK_FALSE(s.workers[0].gpus[1].memory_used);
  CHECK(s.model_instances.at(0).claim->vram.size() == 2);
}

TEST_CASE("streamed loading: elements the fast readers leave to the regular loader") {
  const std::string base = scenario(std::string(kWorker) + ", " + patched(patched(kWorker, R"("id": 1)", R"("id": 2)"), "w1", "w2"),
                                    std::string(kInstance) + ", " + kInstance);
  const std::vector<std::pair<std::string, std::string>> patches = {
      {R"("id": 1)", R"("id": 1.0)"},                       // an integral float
      {R"("id": 1)", R"("id": 1, "id": 7)"},                // a repeated key: the last one counts
      {R"("cluster_id": 3)", R"("cluster_id": null)"},      // null is absent
      {R"("gpu": "a")", R"("gpu": 5)"},                     // a label value stringified
      {R"("gpu": "a")", R"("os": "win")"},                  // a repeated label
      {R"("ram": 5)", R"("memory": 9, "ram": null)"},       // the older spelling
      {R"("total": 1000)", R"("total": -1)"},               // refused
      {R"("total": 1000)", R"("total": 70368744177665)"},   // beyond the limit
      {R"("index": 1)", R"("index": 0)"},                   // a duplicate GPU
      {R"("used": 1)", R"("used": -1)"},                    // memory.used is only shown: a bad one is left out
      {R"("used": 1)", R"("used": 1.0)"},
      {R"("used": 1)", R"("used": "1 GiB")"},
      {R"("used": 1)", R"("used": null)"},
      {R"("used": 1)", R"("used": 70368744177665)"},
      {R"("index": 1)", R"("index": 1, "memory": null)"},   // required, null
      {R"("type": "cuda", "memory")", R"("memory")"},       // required, missing
      {R"("status": {)", R"("local_paths": ["/m"], "status": {)"},
      {R"("gpu_devices": [)", R"("gpu_devices": [7, )"},    // not an object
      {R"("model_id": 1)", R"("model_id": null)"},
      {R"("model_id": 1, )", ""},                           // required key missing
      {R"("state": "running")", R"("state": "gone")"},
      {R"("state": "running", )", ""},                      // defaults to pending
      {R"("gpu_indexes": [0, 1])", R"("gpu_indexes": [0, -1])"},
      {R"("vram": {"0": 2)", R"("vram": {"00": 2, "0": 2)"},
      {R"("vram": {"0": 2)", R"("vram": {"0": 2, "0": 9)"},
      {R"("vram": {"0": 2)", R"("vram": {"x": 2)"},
      {R"("ram": 1, )", R"("ram": 1, "tensor_split": [1, 2.5], "vram_utilization": 0.9, )"},
      {R"("subordinate_workers": [])", R"("subordinate_workers": [{"worker_id": 2, "worker_name": "w2"}])"},
      {R"("name": "w1")", R"("name": "w1", "state": "odd")"},  // a warning (repeated key)
      {R"("workers": [)", R"("workers": [3, )"},             // a scalar element
      {R"("workers": [)", R"("workers": [[1], )"},           // an array element
      {R"("workers": [)", R"("workers": {"a": 1}, "workers": [)"},  // a repeated root key
      {R"("workers": [)", R"("workers": [], "x": 1, "workers": [)"},
      {R"("model_instances": [)", R"("model_instances": [5], "model_instances": [)"},
      {R"("model_instances": [)", R"("model_instances": null, "y": [)"},
      {R"("model": {)", R"("format": "placement-scenario/2", "model": {)"},  // an earlier check wins
      {R"("name": "m")", R"("name": 5)"},  // the model fails before the instances
      {R"("huggingface_repo_id": "a/b"},)", R"("huggingface_repo_id": "a/b"}, "model": null,)"},
  };
  for (const auto& [from, to] : patches) check_same(patched(base, from, to));
  // A syntax error after a bad element is still the error.
  check_same(patched(base, R"("id": 1)", R"("id": "one")") + ",");
  check_same(patched(base, R"("id": 1)", R"("id": "one")").substr(0, base.size() - 40));
  check_same(patched(base, R"("total": 1000)", R"("total": 1e999)"));
}

TEST_CASE("streamed loading: more elements than the limit are refused before any of them") {
  std::string workers = R"({"id": "bad"})";
  for (int i = 1; i < 16385; ++i) workers += R"(, 1)";
  check_same(scenario(workers, ""));
  std::string instances = R"({"id": 1, "model_id": 1})";
  for (int i = 1; i < 65537; ++i) instances += R"(, {})";
  check_same(scenario("", instances));
}

TEST_CASE("streamed loading matches the document loader on every example and case") {
  int files = 0;
  for (const char* dir : {"examples/scenarios", "tests/cases/gpustack", "tests/cases/production", "tests/cases/differential"}) {
    for (const auto& entry : fs::directory_iterator(fs::path(PE_SOURCE_DIR) / dir)) {
      if (entry.path().extension() != ".json") continue;
      check_same(read_file(entry.path()));
      ++files;
    }
  }
  CHECK(files > 100);
}
