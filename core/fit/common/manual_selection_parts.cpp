#include "fit/common/manual_selection_parts.h"

#include <algorithm>

#include "scenario/scenario_loader.h"

namespace placement::manual {

std::vector<TypeSelection> group_selected(const std::vector<std::string>& ids) {
  std::vector<TypeSelection> out;
  for (const auto& id : ids) {
    auto g = parse_gpu_id(id);
    if (!g) continue;  // the loader rejects unparsable ids as bad input
    auto t = std::find_if(out.begin(), out.end(), [&](const TypeSelection& s) { return s.type == g->type; });
    if (t == out.end()) t = out.insert(out.end(), TypeSelection{g->type, {}});
    auto w = std::find_if(t->workers.begin(), t->workers.end(), [&](const WorkerSelection& s) { return s.worker == g->worker_name; });
    if (w == t->workers.end()) w = t->workers.insert(t->workers.end(), WorkerSelection{g->worker_name, {}});
    w->indexes.push_back(g->index);
  }
  for (auto& t : out)
    for (auto& w : t.workers) std::sort(w.indexes.begin(), w.indexes.end());
  return out;
}

bool contains(const IndexList& list, int index) { return std::find(list.begin(), list.end(), index) != list.end(); }

}  // namespace placement::manual
