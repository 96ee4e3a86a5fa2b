// Hardware: N more copies of an existing ready worker (fresh, nothing running on it), more GPUs
// of the same kind on a worker, or a worker's GPU swapped for a larger preset of the same type
// (whatif/gpu_presets.h; the swapped card takes the preset's vendor and arch_family). The
// smallest addition per kind is suggested.
#include "whatif/advise/levers.h"
#include "whatif/gpu_presets.h"
#include "whatif/json_patch.h"

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
// Presets of `type` larger than `bytes`, smallest first (unified-memory presets resize the whole
// worker, not a GPU: left out).
std::vector<const GpuPreset*> larger_presets(const std::string& type, Bytes bytes) {
  std::vector<const GpuPreset*> out;
  for (const GpuPreset& p : gpu_presets())
    if (!p.unified && type == p.type && p.memory_total > bytes) out.push_back(&p);
  std::stable_sort(out.begin(), out.end(), [](const GpuPreset* a, const GpuPreset* b) { return a->memory_total < b->memory_total; });
  return out;
}

// Position (in gpu_devices) of the worker's smallest GPU, the first one on a tie.
std::size_t smallest_gpu(const Worker& wk) {
  std::size_t at = 0;
  for (std::size_t g = 1; g < wk.gpus.size(); ++g)
    if (wk.gpus[g].memory_total < wk.gpus[at].memory_total) at = g;
  return at;
}

// The swapped card is the preset's: name, memory and what its detector reports (vendor,
// arch_family; the backend framework filter reads an Ascend arch_family), not the old card's.
Json swap_patch(const Search& s, std::size_t worker, const std::vector<std::size_t>& positions, const GpuPreset& p) {
  Json patch = Json::array();
  const Json& devices = s.document()["workers"][worker]["status"]["gpu_devices"];
  for (std::size_t g : positions) {
    const std::string base = "/workers/" + std::to_string(worker) + "/status/gpu_devices/" + std::to_string(g);
    patch.push_back(set_value_op(s.document(), base + "/name", p.name));
    patch.push_back(set_value_op(s.document(), base + "/memory/total", p.memory_total));
    const Json& old = devices[g];
    if (old.value("vendor", Json()) != Json(p.vendor)) patch.push_back(set_value_op(s.document(), base + "/vendor", p.vendor));
    const Json arch = p.arch_family ? Json(p.arch_family) : Json();
    if (old.value("arch_family", Json()) == arch) continue;
    if (!arch.is_null()) patch.push_back(set_value_op(s.document(), base + "/arch_family", arch));
    else patch.push_back(Json{{"op", "remove"}, {"path", base + "/arch_family"}});
  }
  return patch;
}

std::string swap_summary(const Worker& wk, const std::vector<std::size_t>& positions, const GpuPreset& p) {
  const GpuDevice& g = wk.gpus[positions.front()];
  if (positions.size() == 1)
    return "swap GPU " + std::to_string(g.index) + " of " + wk.name + " (" + g.name + ") for an " + p.label;
  return "swap all " + std::to_string(positions.size()) + " GPUs of " + wk.name + " for " + p.label + " GPUs";
}

// The worker's GPUs of `type` smaller than `bytes`: the ones a swap to that preset upgrades.
std::vector<std::size_t> upgradable(const Worker& wk, const std::string& type, Bytes bytes) {
  std::vector<std::size_t> out;
  for (std::size_t g = 0; g < wk.gpus.size(); ++g)
    if (wk.gpus[g].type == type && wk.gpus[g].memory_total < bytes) out.push_back(g);
  return out;
}

// Per worker, one GPU first (its smallest), then every GPU the preset upgrades; presets smallest
// first. Kept: the fewest GPUs swapped, then the smallest preset.
void swap_gpus(Search& s, const std::vector<std::size_t>& workers) {
  const Scenario& sc = s.scenario();
  std::optional<Suggestion> best;
  Bytes best_memory = 0;
  for (std::size_t i : workers) {
    const Worker& wk = sc.workers[i];
    if (wk.gpus.empty() || wk.is_unified_memory) continue;
    const std::size_t one = smallest_gpu(wk);
    const std::vector<const GpuPreset*> presets = larger_presets(wk.gpus[one].type, wk.gpus[one].memory_total);
    for (const bool every : {false, true}) {
      for (const GpuPreset* p : presets) {
        const std::vector<std::size_t> positions = every ? upgradable(wk, p->type, p->memory_total) : std::vector<std::size_t>{one};
        if (every && positions.size() < 2) continue;
        const double n = static_cast<double>(positions.size());
        if (best && (n > best->size || (n == best->size && p->memory_total >= best_memory))) break;
        if (s.exhausted()) break;
        const Json patch = swap_patch(s, i, positions, *p);
        if (auto w = s.fits(patch)) {
          best = Suggestion{"gpu_swap", swap_summary(wk, positions, *p), patch, *w, CostClass::hardware, n};
          best_memory = p->memory_total;
          break;
        }
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
  swap_gpus(s, workers);
}

}  // namespace placement::whatif
