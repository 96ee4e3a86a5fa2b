#include "app/canvas_view.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "share/ascii_case.h"

namespace placement::ui {

namespace {

std::string gpu_models(const Worker& worker) {
  std::set<std::string> models;
  for (const GpuDevice& g : worker.gpus) models.insert(g.name.empty() ? "GPU" : g.name);
  if (models.empty()) return "CPU only";
  std::string out;
  for (const std::string& m : models) out += (out.empty() ? "" : " + ") + m;
  return out;
}

}  // namespace

bool compact_layout(const CanvasView& view, std::size_t workers) {
  if (view.layout == CanvasLayout::automatic) return workers > kCompactAbove;
  return view.layout == CanvasLayout::compact;
}

std::size_t find_ignoring_case(const std::string& name, const std::string& needle) {
  return share::ascii_ifind(name, needle);
}

std::string group_key(const Worker& worker, GroupBy by, const std::string& label) {
  switch (by) {
    case GroupBy::none: return "";
    case GroupBy::label: {
      const std::string* value = find_value(worker.labels, label);
      return !value || value->empty() ? "(no " + label + ")" : label + "=" + *value;
    }
    case GroupBy::gpu_model: return gpu_models(worker);
    case GroupBy::state: return worker.state.empty() ? "(no state)" : worker.state;
  }
  return "";
}

std::vector<WorkerGroup> group_workers(const std::vector<Worker>& workers, const CanvasView& view) {
  std::map<std::string, WorkerGroup> by_title;
  const bool grouped = view.group_by != GroupBy::none && !(view.group_by == GroupBy::label && view.group_label.empty());
  for (std::size_t i = 0; i < workers.size(); ++i) {
    const std::string title = grouped ? group_key(workers[i], view.group_by, view.group_label) : "";
    WorkerGroup& g = by_title[title];
    g.title = title;
    ++g.total;
    if (find_ignoring_case(workers[i].name, view.search) != std::string::npos) g.workers.push_back(i);
  }
  std::vector<WorkerGroup> out;
  for (auto& [title, g] : by_title)
    if (!g.workers.empty() || (!grouped && view.search.empty())) out.push_back(std::move(g));
  return out;
}

std::vector<std::string> label_keys(const std::vector<Worker>& workers) {
  std::set<std::string> keys;
  for (const Worker& w : workers)
    for (const auto& [key, value] : w.labels) keys.insert(key);
  return {keys.begin(), keys.end()};
}

std::vector<CanvasRow> canvas_rows(const std::vector<WorkerGroup>& groups, const CanvasView& view) {
  std::vector<CanvasRow> rows;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const bool titled = !groups[g].title.empty();
    if (titled) rows.push_back({true, g, 0});
    if (titled && view.collapsed.count(groups[g].title)) continue;
    for (std::size_t w : groups[g].workers) rows.push_back({false, g, w});
  }
  return rows;
}

float fit_cards_zoom(std::size_t count, float card_w, float card_h, float gap, float width, float height) {
  if (count == 0 || card_w <= 0 || card_h <= 0) return 1.0f;
  for (float z = 1.0f; z > kMinZoom; z *= 0.95f) {
    const std::size_t columns = std::max<std::size_t>(1, std::size_t(width / (card_w * z + gap)));
    const std::size_t rows = (count + columns - 1) / columns;
    if (float(rows) * (card_h * z + gap) <= height) return z;
  }
  return kMinZoom;
}

float fit_rows_zoom(std::size_t rows, float row_h, float height) {
  if (rows == 0 || row_h <= 0) return 1.0f;
  return std::clamp(height / (float(rows) * row_h), kMinZoom, 1.0f);
}

float zoomed(float zoom, float pixels) {
  return std::clamp(zoom * std::exp(-pixels * 0.0025f), kMinZoom, kMaxZoom);
}

float why_pane_height(float fraction, float available) {
  if (available <= 0) return 0;
  if (available < kMinWhyPane + kMinCanvasPane) return available * 0.4f;
  return std::clamp(fraction * available, kMinWhyPane, available - kMinCanvasPane);
}

float dragged_why_fraction(float fraction, float dy, float available) {
  if (available <= 0) return fraction;
  const float dragged = why_pane_height(fraction, available) - dy;
  return why_pane_height(dragged / available, available) / available;
}

}  // namespace placement::ui
