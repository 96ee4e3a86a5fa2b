#include <algorithm>

#include "fit/custom/custom_paths.h"

namespace placement::custom {

std::vector<GpuTypeGroup> group_by_gpu_type(const std::vector<const Worker*>& workers) {
  std::vector<GpuTypeGroup> groups;
  auto group_for = [&](const std::optional<std::string>& type) -> GpuTypeGroup& {
    for (auto& g : groups)
      if (g.type == type) return g;
    groups.push_back(GpuTypeGroup{type, {}});
    return groups.back();
  };
  for (const Worker* w : workers) {
    if (w->gpus.empty()) {
      group_for(std::nullopt).workers.push_back(w);
      continue;
    }
    std::vector<std::string> types;
    for (const GpuDevice& g : w->gpus)
      if (std::find(types.begin(), types.end(), g.type) == types.end()) types.push_back(g.type);
    for (const auto& t : types) group_for(t).workers.push_back(w);
  }
  return groups;
}

std::string surviving_gpu_type(const Worker& w) {
  // Types are assigned in first-appearance order, so the last distinct type to appear wins.
  std::vector<std::string> types;
  for (const GpuDevice& g : w.gpus)
    if (std::find(types.begin(), types.end(), g.type) == types.end()) types.push_back(g.type);
  return types.empty() ? std::string() : types.back();
}

std::vector<int> gpu_indexes_of_type(const Worker& w, const std::string& type) {
  std::vector<int> out;
  for (const GpuDevice& g : w.gpus)
    if (g.type == type) out.push_back(g.index);
  return out;
}

bool is_mixed(const Worker& w) {
  for (const GpuDevice& g : w.gpus)
    if (g.type != w.gpus.front().type) return true;
  return false;
}

}  // namespace placement::custom
