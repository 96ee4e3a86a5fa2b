// Two levers together, tried only when no single lever fits: a parameter or setting change that
// did not fit alone (drop hand-given parallel sizes, drop a selector, unpin the backend version,
// distributed inference on, CPU offloading on) applied first, then the hardware lever searched on
// the changed scenario. Per hardware kind the cheapest pair is kept. Bounded by its own run cap.
#include <map>

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "whatif/advise/levers.h"
#include "whatif/json_patch.h"

namespace placement::whatif {

namespace {
constexpr int kMaxCombinationRuns = 600;

struct Relaxation {
  std::string lever;  // the single lever that makes this change
  std::string summary;
  Json patch;
  CostClass cost;
  double size;
};

bool has_member(const Json& doc, const char* key) {
  const Json& m = doc.at("model");
  return m.contains(key) && !m.at(key).is_null() && !(m.at(key).is_object() && m.at(key).empty());
}

Json remove_member(const char* key) { return Json::array({{{"op", "remove"}, {"path", std::string("/model/") + key}}}); }

std::vector<Relaxation> relaxations(const Search& s) {
  std::vector<Relaxation> out;
  const Json& doc = s.document();
  const GivenParallelSizes given = given_parallel_sizes(doc);
  if (!given.positions.empty())
    out.push_back({"parallel_size", "drop " + given.text, remove_given_parallel_sizes(given), CostClass::parameter, static_cast<double>(given.positions.size())});
  if (has_member(doc, "gpu_selector")) out.push_back({"gpu_selector", "drop the manual GPU selection", remove_member("gpu_selector"), CostClass::setting, 1});
  if (has_member(doc, "worker_selector")) out.push_back({"worker_selector", "drop the worker_selector", remove_member("worker_selector"), CostClass::setting, 1});
  if (has_member(doc, "backend_version") && doc["model"]["backend_version"].is_string())
    out.push_back({"backend_version", "unpin backend version " + doc["model"]["backend_version"].get<std::string>(), remove_member("backend_version"),
                   CostClass::setting, 1});
  if (!distributed_enabled(s.scenario().model))
    out.push_back({"distributed_inference", "turn on distributed inference across workers",
                   Json::array({set_value_op(doc, "/model/distributed_inference_across_workers", true)}), CostClass::setting, 1});
  if (!s.scenario().model.cpu_offloading)
    out.push_back({"cpu_offloading", "allow CPU offloading", Json::array({set_value_op(doc, "/model/cpu_offloading", true)}), CostClass::setting, 1});
  return out;
}

Json concat(const Json& a, const Json& b) {
  Json out = a;
  for (const Json& op : b) out.push_back(op);
  return out;
}
}  // namespace

void lever_combinations(Search& s) {
  const int budget = std::min(kMaxCombinationRuns, s.remaining());
  int spent = 0;
  std::map<std::string, Suggestion> best;  // per hardware lever
  for (const Relaxation& r : relaxations(s)) {
    if (spent >= budget) {
      s.cap("combination_runs", kMaxCombinationRuns, "later pairs of levers were not tried");
      break;
    }
    Json changed;
    Scenario scenario;
    try {
      changed = apply_patch(s.document(), r.patch);
      scenario = load_scenario(changed);
    } catch (const InputError&) {
      continue;  // a change the scenario format refuses is no base for a pair
    }
    Search inner(changed, scenario, s.replicas(), budget - spent);
    lever_hardware(inner);
    spent += inner.runs();
    for (const Json& c : inner.caps())
      if (c["id"] != "scheduler_runs") s.cap(c["id"].get<std::string>(), c["limit"].get<long long>(), c["effect"].get<std::string>());
    for (const Suggestion& h : inner.suggestions()) {
      Suggestion pair{"combination", r.summary + ", and " + h.summary, concat(r.patch, h.patch), h.winner, std::max(r.cost, h.cost_class),
                      r.size + h.size, {r.lever, h.lever}};
      auto it = best.find(h.lever);
      if (it == best.end() || pair.size < it->second.size) best.insert_or_assign(h.lever, std::move(pair));
    }
  }
  s.charge(spent);
  if (s.exhausted()) s.cap("scheduler_runs", s.budget(), "the search stopped here; later changes were not tried");
  for (auto& [lever, pair] : best) s.suggestions().push_back(std::move(pair));
}

}  // namespace placement::whatif
