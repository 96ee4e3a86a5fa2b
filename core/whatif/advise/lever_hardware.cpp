// Hardware: N more copies of an existing ready worker (fresh, nothing running on it), or more
// GPUs of the same kind on a worker. The smallest addition per kind is suggested.
#include "whatif/advise/levers.h"

namespace placement::whatif {

namespace {
constexpr int kMaxCopies = 8;
constexpr int kMaxExtraGpus = 8;
constexpr std::size_t kMaxWorkersTried = 16;

std::int64_t largest_worker_id(const Scenario& sc) {
  std::int64_t m = 0;
  for (const Worker& w : sc.workers) m = std::max(m, w.id);
  return m;
}

bool name_taken(const Scenario& sc, const std::string& name) {
  for (const Worker& w : sc.workers)
    if (w.name == name) return true;
  return false;
}

// Ready workers with a distinct (GPU names, memory) shape, in worker order: copies of two equal
// workers would be the same suggestion.
std::vector<std::size_t> distinct_ready_workers(const Search& s) {
  std::vector<std::size_t> out;
  std::vector<Json> shapes;
  const Json& workers = s.document()["workers"];
  for (std::size_t i = 0; i < s.scenario().workers.size(); ++i) {
    if (s.scenario().workers[i].state != "ready") continue;
    Json shape = workers[i].value("status", Json::object());
    shape["labels"] = workers[i].value("labels", Json::object());
    if (std::find(shapes.begin(), shapes.end(), shape) != shapes.end()) continue;
    shapes.push_back(shape);
    out.push_back(i);
  }
  return out;
}

void more_worker_copies(Search& s, const std::vector<std::size_t>& workers) {
  const Scenario& sc = s.scenario();
  std::optional<Suggestion> best;
  for (std::size_t i : workers) {
    Json patch = Json::array();
    const std::int64_t base_id = largest_worker_id(sc);
    for (int n = 1; n <= kMaxCopies && !s.exhausted(); ++n) {
      if (best && n >= best->size) break;
      Json copy = s.document()["workers"][i];
      copy["id"] = base_id + n;
      std::string name = sc.workers[i].name + "-copy-" + std::to_string(n);
      while (name_taken(sc, name)) name += "x";
      copy["name"] = name;
      patch.push_back(Json{{"op", "add"}, {"path", "/workers/-"}, {"value", copy}});
      if (auto w = s.fits(patch)) {
        best = Suggestion{"worker_copies", "add " + std::to_string(n) + " more worker" + (n == 1 ? "" : "s") + " like " + sc.workers[i].name,
                          patch, *w, CostClass::hardware, static_cast<double>(n)};
        break;
      }
    }
  }
  if (best) s.suggest(best->lever, best->summary, best->patch, best->winner, best->cost_class, best->size);
}

void more_gpus(Search& s, const std::vector<std::size_t>& workers) {
  const Scenario& sc = s.scenario();
  std::optional<Suggestion> best;
  for (std::size_t i : workers) {
    const Worker& wk = sc.workers[i];
    if (wk.gpus.empty()) continue;
    int next_index = 0;
    for (const GpuDevice& g : wk.gpus) next_index = std::max(next_index, g.index + 1);
    const Json gpus = s.document()["workers"][i]["status"]["gpu_devices"];
    Json patch = Json::array();
    for (int n = 1; n <= kMaxExtraGpus && wk.gpus.size() + static_cast<std::size_t>(n) <= 64 && !s.exhausted(); ++n) {
      if (best && n >= best->size) break;
      Json gpu = gpus[gpus.size() - 1];
      gpu["index"] = next_index + n - 1;
      patch.push_back(Json{{"op", "add"}, {"path", "/workers/" + std::to_string(i) + "/status/gpu_devices/-"}, {"value", gpu}});
      if (auto w = s.fits(patch)) {
        best = Suggestion{"more_gpus", "add " + std::to_string(n) + " more " + wk.gpus.back().name + " GPU" + (n == 1 ? "" : "s") + " to " + wk.name,
                          patch, *w, CostClass::hardware, static_cast<double>(n)};
        break;
      }
    }
  }
  if (best) s.suggest(best->lever, best->summary, best->patch, best->winner, best->cost_class, best->size);
}
}  // namespace

void lever_hardware(Search& s) {
  std::vector<std::size_t> workers = distinct_ready_workers(s);
  if (workers.size() > kMaxWorkersTried) {
    workers.resize(kMaxWorkersTried);
    s.cap("hardware_workers", kMaxWorkersTried, "only the first distinct ready workers were copied or extended");
  }
  more_worker_copies(s, workers);
  more_gpus(s, workers);
}

}  // namespace placement::whatif
