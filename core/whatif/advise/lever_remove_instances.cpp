// The fewest existing instances to remove. This model's own replicas go in GPUStack's scale-down
// order (the order its controller would delete them); other models' instances are tried worker
// by worker, largest claim first, and the worker needing the fewest removals wins.
#include <algorithm>
#include <map>

#include "whatif/advise/levers.h"

namespace placement::whatif {

namespace {
constexpr int kMaxRemovals = 16;

Bytes claimed_vram(const ModelInstance& i) {
  Bytes sum = i.claim ? vram_sum(i.claim->vram) : 0;
  for (const SubordinateWorker& s : i.subordinate_workers) sum += s.claim ? vram_sum(s.claim->vram) : 0;
  return sum;
}

// Removal ops for instance positions, highest position first so each path stays valid.
Json removal_patch(std::vector<std::size_t> positions) {
  std::sort(positions.rbegin(), positions.rend());
  Json patch = Json::array();
  for (std::size_t p : positions) patch.push_back(Json{{"op", "remove"}, {"path", "/model_instances/" + std::to_string(p)}});
  return patch;
}

std::string names_of(const Scenario& sc, const std::vector<std::size_t>& positions) {
  std::string out;
  for (std::size_t p : positions) out += (out.empty() ? "" : ", ") + sc.model_instances[p].name;
  return out;
}

// Removes `order` one more at a time until the model fits; records the first fit.
void remove_in_order(Search& s, const std::vector<std::size_t>& order, const std::string& lever, const std::string& whose) {
  std::vector<std::size_t> removed;
  for (std::size_t p : order) {
    if (static_cast<int>(removed.size()) >= kMaxRemovals) {
      s.cap("instances_removed", kMaxRemovals, "no suggestion removes more instances than this");
      return;
    }
    if (s.exhausted()) return;
    removed.push_back(p);
    const Json patch = removal_patch(removed);
    if (auto w = s.fits(patch)) {
      const std::size_t n = removed.size();
      s.suggest(lever, "remove " + std::to_string(n) + " " + whose + " instance" + (n == 1 ? "" : "s") + ": " + names_of(s.scenario(), removed),
                patch, *w, CostClass::cluster, static_cast<double>(n));
      return;
    }
  }
}

bool is_own(const std::vector<std::int64_t>& own_ids, const ModelInstance& i) {
  return std::find(own_ids.begin(), own_ids.end(), i.id) != own_ids.end();
}

std::vector<std::int64_t> scale_down_order(const Scenario& sc) {
  Scenario copy = sc;
  copy.scale_down = ScaleDown{0, std::nullopt};
  return scale_down(copy).to_delete;
}
}  // namespace

void lever_remove_instances(Search& s) {
  const Scenario& sc = s.scenario();
  const std::vector<std::int64_t> own = scale_down_order(sc);
  std::vector<std::size_t> own_order;
  for (std::int64_t id : own)
    for (std::size_t p = 0; p < sc.model_instances.size(); ++p)
      if (sc.model_instances[p].id == id) own_order.push_back(p);
  if (!own_order.empty()) remove_in_order(s, own_order, "remove_own_replicas", "of this model's (scale-down order)");

  // Other models' instances per worker they occupy (main or subordinate), largest claim first.
  std::map<std::int64_t, std::vector<std::size_t>> by_worker;
  for (std::size_t p = 0; p < sc.model_instances.size(); ++p) {
    const ModelInstance& i = sc.model_instances[p];
    if (is_own(own, i)) continue;
    if (i.worker_id) by_worker[*i.worker_id].push_back(p);
    for (const SubordinateWorker& sub : i.subordinate_workers)
      if (sub.worker_id) by_worker[*sub.worker_id].push_back(p);
  }
  const std::size_t before = s.suggestions().size();
  for (auto& [worker, positions] : by_worker) {
    std::stable_sort(positions.begin(), positions.end(), [&](std::size_t a, std::size_t b) {
      return claimed_vram(sc.model_instances[a]) > claimed_vram(sc.model_instances[b]);
    });
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
    remove_in_order(s, positions, "remove_other_instances", "other models'");
  }
  // Keep only the fewest removals among the workers (first worker on a tie).
  auto& all = s.suggestions();
  if (all.size() - before > 1) {
    auto best = std::min_element(all.begin() + static_cast<long>(before), all.end(),
                                 [](const Suggestion& a, const Suggestion& b) { return a.size < b.size; });
    Suggestion keep = *best;
    all.erase(all.begin() + static_cast<long>(before), all.end());
    all.push_back(std::move(keep));
  }
}

}  // namespace placement::whatif
