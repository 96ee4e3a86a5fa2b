// Phase 2, base filters: a workers x filters grid (pass/fail with the reason on hover), the
// filters that did not apply and why, and the aggregated counts of the trace's summary.
#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "app/app.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/panels.h"
#include "panels/trace_views.h"

namespace placement::ui {

namespace {

// One filter's verdicts by worker name, indexed once per frame: the grid asks for every visible
// worker under every filter, and a scan per cell made the filters step quadratic in workers.
// Keys view the trace's own strings, which outlive the frame's grid.
std::map<std::string_view, const Json*> verdicts_by_worker(const Json& filter) {
  std::map<std::string_view, const Json*> out;
  const Json& ws = member(filter, "workers", json_array());
  if (!ws.is_array()) return out;
  for (const auto& w : ws) {
    const Json& name = member(w, "worker_name", json_null());
    if (name.is_string()) out.emplace(name.get_ref<const std::string&>(), &w);  // the first verdict wins
  }
  return out;
}

void draw_verdict(const Json* v) {
  if (!v) {
    ImGui::TextDisabled("not run");  // dropped by an earlier filter
    return;
  }
  const bool pass = v->value("pass", false);
  ImGui::TextColored(pass ? ImVec4(0.45f, 0.9f, 0.5f, 1) : ImVec4(1, 0.45f, 0.4f, 1), "%s", pass ? "pass" : "fail");
  const std::string reason = reason_text(*v);
  if (!pass) {
    ImGui::SameLine();
    ImGui::TextUnformatted(value_text("", v->value("code", Json(nullptr))).c_str());
  }
  if (ImGui::IsItemHovered() && !reason.empty() && reason != "-") ImGui::SetTooltip("%s", reason.c_str());
}

void draw_grid(App& app, const Json& filters) {
  std::vector<const Json*> applied;
  for (const auto& f : filters)
    if (f.value("status", std::string()) == "applied") applied.push_back(&f);
  // The workers the filters were given: the decided Scenario's, as the loader read them.
  const std::vector<Worker>& workers = app.drawn_workers();
  if (applied.empty()) return;
  // As tall as its rows, at most ~60% of the view: a long grid scrolls inside itself (header and
  // worker column frozen) and the filter notes below stay in sight.
  const float row_height = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
  const float rows_height = float(workers.size() + 2) * row_height + 2 * ImGui::GetStyle().ScrollbarSize;
  const float max_height = std::max(10 * row_height, 0.6f * ImGui::GetContentRegionAvail().y);
  if (!ImGui::BeginTable("filter-grid", int(applied.size()) + 1,
                         ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                             ImGuiTableFlags_SizingFixedFit,
                         ImVec2(0, std::min(rows_height, max_height))))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("worker");
  std::vector<std::map<std::string_view, const Json*>> verdicts;
  for (const Json* f : applied) {
    const std::string head = f->value("filter", std::string("?")) + " " + value_text("", f->value("in", Json(nullptr))) + "->" +
                             value_text("", f->value("kept", Json(nullptr)));
    ImGui::TableSetupColumn(head.c_str());
    verdicts.push_back(verdicts_by_worker(*f));
  }
  ImGui::TableHeadersRow();
  // Rows out of view are not built (a thousand workers would otherwise cost every frame).
  ImGuiListClipper clipper;
  clipper.Begin(int(workers.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const std::string& name = workers[std::size_t(row)].name;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable(name.c_str(), app.ui().selection.worker == name)) app.select_worker(name);
      for (const auto& by_worker : verdicts) {
        ImGui::TableNextColumn();
        const auto it = by_worker.find(name);
        draw_verdict(it == by_worker.end() ? nullptr : it->second);
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace

void draw_stepper_filters(App& app) {
  if (draw_input_error(app.results().input_error(), ", so nothing was filtered")) return;
  const Json& filters = trace_part(app, "filters", json_array());
  if (filters.empty()) {
    ImGui::TextDisabled("No filter ran (a fixed candidate list, or no workers).");
    return;
  }
  ImGui::TextWrapped("Each worker passes the base filters in chain order; a worker dropped by one filter is not seen by the next.");
  draw_grid(app, filters);
  ImGui::Spacing();
  for (const auto& f : filters) {
    const std::string status = f.value("status", std::string("?"));
    const std::string why = value_text("", f.value("why", Json(nullptr)));
    ImGui::Bullet();  // wrapped: a filter's reason is often wider than the panel
    if (status == "applied")
      ImGui::TextWrapped("%s: %s of %s workers kept. %s", f.value("filter", std::string("?")).c_str(), value_text("", f.value("kept", Json(nullptr))).c_str(),
                         value_text("", f.value("in", Json(nullptr))).c_str(), why.c_str());
    else
      ImGui::TextWrapped("%s: %s. %s", f.value("filter", std::string("?")).c_str(), status == "not_applied" ? "not applied" : "not run", why.c_str());
    draw_all_dropped(f);
  }
  // A filter that failed the whole decision (an unknown Ascend chip): GPUStack schedules nothing.
  const Json& err = trace_part(app, "error", json_null());
  if (err.is_object() && err.value("stage", std::string()) == "filters")
    ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "Stopped: %s", value_text("", err.value("reason", Json(nullptr))).c_str());
  const Json& summary = trace_part(app, "summary", json_array());
  if (!summary.empty() && ImGui::TreeNodeEx("Counts (the whole decision)", ImGuiTreeNodeFlags_DefaultOpen)) {
    for (const auto& l : summary) {
      const std::string params = fields_text(l.value("params", Json(nullptr)));
      ImGui::BulletText("%s of %s %s: %s%s", value_text("", l.value("count", Json(nullptr))).c_str(), value_text("", l.value("of", Json(nullptr))).c_str(),
                        value_text("", l.value("unit", Json(nullptr))).c_str(), value_text("", l.value("key", Json(nullptr))).c_str(),
                        params.empty() ? "" : (" (" + params + ")").c_str());
    }
    ImGui::TreePop();
  }
}

}  // namespace placement::ui
