// Test support for the GGUF fit: a synthetic gguf-parser that answers any query (layers spread
// over the split in proportion, fixed bytes per layer), scenario builders, and a runner that
// calls select_gguf directly with its own provider.
#pragma once

#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "fit/fit_context.h"
#include "fit/gguf/estimate_provider.h"
#include "fit/registry.h"
#include "resources/allocatable.h"
#include "scenario/scenario_loader.h"

namespace gguf_test {

using namespace placement;

// total layers T (output included): item L puts L layers on the devices, in proportion to the
// split (RPC servers first), each layer costing `layer` bytes plus `overhead` per device.
struct SyntheticModel {
  int total = 10;
  Bytes layer = 1000;
  Bytes overhead = 100;      // per device, nonuma
  Bytes uma_overhead = 50;   // per device, uma
  Bytes ram_overhead = 300;  // nonuma
  Bytes uma_ram_overhead = 200;
};

inline gguf::Estimate synthesise(const SyntheticModel& m, const gguf::Query& q) {
  std::vector<double> split = q.tensor_split && !q.tensor_split->empty() ? *q.tensor_split : std::vector<double>{1};
  double sum = 0;
  for (double v : split) sum += v;
  gguf::Estimate e;
  for (int L = 0; L <= m.total; ++L) {
    gguf::EstimateItem item;
    item.offload_layers = L;
    item.full_offloaded = L == m.total;
    std::vector<int> handle(split.size(), 0);
    double cum = 0;
    std::size_t dev = 0;
    for (int layer = 0; layer < L; ++layer) {
      // Layer `layer` goes to the first device whose cumulative share covers it.
      while (dev + 1 < split.size() && (layer + 0.5) / L > (cum + split[dev]) / sum) cum += split[dev++];
      ++handle[dev];
    }
    for (std::size_t d = 0; d < split.size(); ++d) {
      gguf::DeviceEstimate v;
      v.handle_layers = handle[d];
      v.remote = q.rpc && d < q.rpc->size();
      v.position = static_cast<int>(d);
      v.nonuma = handle[d] * m.layer + m.overhead;
      v.uma = handle[d] * m.layer + m.uma_overhead;
      item.vrams.push_back(v);
    }
    item.ram.handle_layers = m.total - L;
    item.ram.nonuma = (m.total - L) * m.layer + m.ram_overhead;
    item.ram.uma = (m.total - L) * m.layer + m.uma_ram_overhead;
    e.items.push_back(item);
  }
  return e;
}

class SyntheticProvider : public GgufEstimateProvider {
 public:
  explicit SyntheticProvider(SyntheticModel m) : model_(m) {}
  const gguf::Estimate* get(const gguf::Query& q, const std::string& key, std::string* source) override {
    asked.push_back(describe_gguf_query(q));
    if (missing.count(key)) {
      if (source) *source = "missing";
      return nullptr;
    }
    auto it = cache_.find(key);
    if (it == cache_.end()) it = cache_.emplace(key, std::make_unique<gguf::Estimate>(synthesise(model_, q))).first;
    if (source) *source = "estimator";
    return it->second.get();
  }
  std::set<std::string> missing;  // query keys to answer as missing
  std::vector<std::string> asked;

 private:
  SyntheticModel model_;
  std::map<std::string, std::unique_ptr<gguf::Estimate>> cache_;
};

inline Json gpu(int index, Bytes total, const char* type = "cuda") {
  return Json{{"index", index}, {"type", type}, {"memory", {{"total", total}}}};
}

inline Json worker(int id, const std::string& name, Bytes ram, std::vector<Json> gpus, bool uma = false) {
  return Json{{"id", id}, {"name", name}, {"state", "ready"}, {"system_reserved", {{"ram", 0}, {"vram", 0}}},
              {"status", {{"memory", {{"total", ram}, {"is_unified_memory", uma}}}, {"gpu_devices", gpus}}}};
}

inline Json model(bool cpu_offloading = true, bool distributed = true) {
  return Json{{"id", 1}, {"name", "m"}, {"source", "huggingface"}, {"huggingface_repo_id", "a/b"},
              {"huggingface_filename", "m.gguf"}, {"replicas", 1}, {"placement_strategy", "binpack"},
              {"cpu_offloading", cpu_offloading}, {"distributed_inference_across_workers", distributed},
              {"distributable", true}, {"categories", Json::array({"llm"})}};
}

inline Json scenario(std::vector<Json> workers, Json m) {
  return Json{{"format", "placement-scenario/1"}, {"workers", workers}, {"model", m}, {"model_instances", Json::array()},
              {"model_files", Json::array()}, {"estimates", {{"gguf_profile", Json::object()}}}, {"skip_evaluation", true}};
}

struct Outcome {
  FitResult fit;
  Json trace;
  std::vector<std::string> asked;
  const Json* strategy(const std::string& id) const {
    for (const Json& s : trace["strategies"])
      if (s["strategy"] == id) return &s;
    return nullptr;
  }
  std::string skip_code(const std::string& id) const {
    const Json* s = strategy(id);
    if (!s || !s->contains("skip")) return "";
    return (*s)["skip"]["code"].get<std::string>();
  }
  std::string status(const std::string& id) const {
    const Json* s = strategy(id);
    return s ? (*s)["status"].get<std::string>() : "";
  }
  bool has_quirk(const std::string& id) const {
    for (const Json& q : trace["quirks"])
      if (q["id"] == id) return true;
    return false;
  }
  bool has_message(const std::string& key) const {
    for (const Json& m : trace["messages"])
      if (m["key"] == key) return true;
    return false;
  }
};

// Runs select_gguf on every worker of the scenario (no base filters).
inline Outcome run(const Json& scenario_json, SyntheticModel m = {}, std::set<std::string> missing = {}) {
  Scenario sc = load_scenario(scenario_json);
  std::vector<const Worker*> workers;
  for (const Worker& w : sc.workers) workers.push_back(&w);
  AllocationIndex alloc(sc.model_instances);
  BackendParameters params(sc.model.backend_parameters);
  Trace trace;
  SyntheticProvider provider(m);
  provider.missing = std::move(missing);
  FitContext ctx{sc, sc.model, workers, alloc, params, trace, &provider};
  Outcome o;
  o.fit = select_gguf(ctx);
  o.trace = trace.root();
  o.asked = provider.asked;
  return o;
}

inline std::vector<int> gpus_of(const Candidate& c) { return c.gpu_indexes ? *c.gpu_indexes : std::vector<int>{}; }

}  // namespace gguf_test
