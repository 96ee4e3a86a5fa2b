// apply_view (view_link.h): a template so the app can say which workers exist without this file
// knowing the scenario.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>

namespace placement::ui {

template <class WorkerExists>
void apply_view(const std::string& view, UiState& ui, WorkerExists worker_exists) {
  // The link's view replaces the one shown: no step means the first, no worker no selection.
  ui.step = Step::cluster;
  ui.selection = {};
  std::string worker;
  std::optional<int> gpu;
  std::size_t at = 0;
  while (at <= view.size()) {
    std::size_t end = view.find('&', at);
    if (end == std::string::npos) end = view.size();
    const std::string entry = view.substr(at, end - at);
    at = end + 1;
    const std::size_t eq = entry.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = entry.substr(0, eq), value = percent_decode(entry.substr(eq + 1));
    if (key == "step") {
      if (std::optional<Step> s = parse_step(value)) ui.step = *s;
    } else if (key == "worker") {
      worker = value;
    } else if (key == "gpu" && !value.empty() && value.size() < 6 && value.find_first_not_of("0123456789") == std::string::npos) {
      gpu = std::atoi(value.c_str());
    }
  }
  if (!worker.empty() && worker_exists(worker)) {
    ui.selection.worker = worker;
    ui.selection.gpu = gpu;
  }
}

}  // namespace placement::ui
