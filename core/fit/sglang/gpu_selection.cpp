#include "fit/sglang/gpu_selection.h"

#include <algorithm>

#include "scenario/scenario_loader.h"

namespace placement {

SelectionByType group_gpu_ids_by_type_and_worker(const std::vector<std::string>& gpu_ids) {
  SelectionByType out;
  for (const std::string& id : gpu_ids) {
    auto parsed = parse_gpu_id(id);
    if (!parsed) continue;  // the loader rejects ids that do not parse
    auto t = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == parsed->type; });
    if (t == out.end()) {
      out.push_back({parsed->type, {}});
      t = out.end() - 1;
    }
    auto w = std::find_if(t->second.begin(), t->second.end(), [&](const auto& e) { return e.first == parsed->worker_name; });
    if (w == t->second.end()) {
      t->second.push_back({parsed->worker_name, {}});
      w = t->second.end() - 1;
    }
    w->second.push_back(parsed->index);
  }
  for (auto& [type, workers] : out)
    for (auto& [name, indexes] : workers) std::sort(indexes.begin(), indexes.end());
  return out;
}

const SelectedByWorker* selection_of_type(const SelectionByType& selection, const std::string& type) {
  for (const auto& [t, w] : selection)
    if (t == type) return &w;
  return nullptr;
}

const std::vector<int>* selection_of_worker(const SelectedByWorker& selection, const std::string& worker_name) {
  for (const auto& [name, indexes] : selection)
    if (name == worker_name) return &indexes;
  return nullptr;
}

}  // namespace placement
