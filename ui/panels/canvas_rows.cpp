// The compact view of the cluster canvas: one row per worker — name, state, a strip with a small
// memory bar per GPU (reserved, claims, the inspected candidate's claim, used memory as a tick) —
// under collapsible group headers. Rows out of view are never built (ImGuiListClipper), so a
// thousand workers cost what the thirty on screen cost.
#include <algorithm>

#include "app/app.h"
#include "app/format.h"
#include "app/worker_edits.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "panels/canvas_parts.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

struct RowGeometry {
  float height = 0;  // of the row's items (the clipper's step adds the item spacing)
  float name_w = 0;
  float state_w = 0;
};

void draw_gpu_strip(App& app, const Worker& worker, const RowGeometry& geo, CanvasFrame& frame) {
  const std::string& name = worker.name;
  const std::vector<GpuDevice>& gpus = worker.gpus;
  if (gpus.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("CPU only");
    return;
  }
  static const WorkerLoad none_load;
  const WorkerLoad& load = frame.existing_of(worker);
  const WorkerLoad* cand_p = frame.candidate_of(name);
  const WorkerLoad& cand = cand_p ? *cand_p : none_load;
  const double reserved = double(worker.reserved_vram);
  const Selection& sel = app.ui().selection;
  const float gap = 3.0f;
  const float avail = ImGui::GetContentRegionAvail().x - geo.name_w - geo.state_w - 8;
  const float zoom = app.ui().canvas.zoom;
  const float bar_w = std::clamp(avail / float(gpus.size()) - gap, 10.0f * zoom, 56.0f * zoom);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (const GpuDevice& g : gpus) {
    const int index = g.index;
    ImGui::SameLine(0, gap);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const std::string gid = "gpu/" + name + "/" + std::to_string(index);
    if (ImGui::InvisibleButton(("##" + gid).c_str(), ImVec2(bar_w, geo.height))) frame.clicked_gpu = std::make_pair(name, index);
    ImGui::RenderNavHighlight(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()), ImGui::GetItemID());
    test_hooks::tag(gid, name + " GPU " + std::to_string(index));
    const std::vector<ClaimSegment>& c1 = claims_on(load, index);
    const std::vector<ClaimSegment>& c2 = claims_on(cand, index);
    const ImVec2 min(p.x, p.y + 2), max(p.x + bar_w, p.y + geo.height - 2);
    draw_bar(dl, min, max, double(g.memory_total), reserved, c1, c2, g.memory_used ? double(*g.memory_used) : -1);
    if (gpu_selected(frame.model, gpu_id(worker, g))) dl->AddRect(min, max, canvas_colour::gpu_ids, 0, 0, 2.0f);
    if (sel.worker == name && sel.gpu && *sel.gpu == index)
      dl->AddRect(ImVec2(min.x - 2, min.y - 2), ImVec2(max.x + 2, max.y + 2), canvas_colour::selected, 0, 0, 2.0f);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("GPU %d %s, %s\n%s%s", index, gpu_caption(g).c_str(), gib_text(double(g.memory_total)).c_str(),
                        claims_tooltip(c1, c2).c_str(), app.ui().manual_gpu_mode ? "click: add to / remove from gpu_ids" : "click: why (not) here?");
  }
}

void draw_row(App& app, const Worker& worker, const RowGeometry& geo, CanvasFrame& frame) {
  const std::string& name = worker.name;
  const std::string dropped = frame.dropped_of(name);
  const Selection& sel = app.ui().selection;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  if (ImGui::InvisibleButton(("##worker/" + name).c_str(), ImVec2(geo.name_w + geo.state_w, geo.height))) app.select_worker(name);
  ImGui::RenderNavHighlight(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()), ImGui::GetItemID());
  test_hooks::tag("worker/" + name, name);
  const bool hovered = ImGui::IsItemHovered();
  const float text_y = p.y + (geo.height - ImGui::GetFontSize()) / 2;
  if (hovered) dl->AddRectFilled(p, ImVec2(p.x + geo.name_w + geo.state_w, p.y + geo.height), IM_COL32(55, 60, 72, 255), 3.0f);
  if (frame.candidate_of(name)) dl->AddRectFilled(p, ImVec2(p.x + 3, p.y + geo.height), canvas_colour::winner_frame);
  if (sel.worker == name && !sel.gpu) dl->AddRect(p, ImVec2(p.x + geo.name_w + geo.state_w, p.y + geo.height), canvas_colour::selected, 3.0f, 0, 2.0f);
  highlight_match(dl, ImVec2(p.x + 6, text_y), name, app.ui().canvas.search);
  bool cut = draw_clipped_text(dl, ImVec2(p.x + 6, text_y), geo.name_w - 10, IM_COL32(235, 235, 240, 255), name);
  const std::string state = dropped.empty() ? worker.state : "filtered";
  cut |= draw_clipped_text(dl, ImVec2(p.x + geo.name_w, text_y), geo.state_w - 4, dropped.empty() ? IM_COL32(160, 165, 175, 255) : canvas_colour::filtered, state);
  if (hovered && (cut || !dropped.empty())) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::Text("%s (%s)", name.c_str(), worker.state.c_str());
    if (!dropped.empty()) ImGui::TextColored(ImVec4(1, 0.47f, 0.43f, 1), "filtered: %s", dropped.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  draw_gpu_strip(app, worker, geo, frame);
}

}  // namespace

void draw_compact_rows(App& app, const std::vector<Worker>& workers, const std::vector<WorkerGroup>& groups, CanvasFrame& frame) {
  const std::vector<CanvasRow> rows = canvas_rows(groups, app.ui().canvas);
  RowGeometry geo;
  geo.height = ImGui::GetTextLineHeight() * 1.3f;
  geo.name_w = ImGui::GetFontSize() * 9;
  geo.state_w = ImGui::GetFontSize() * 5;
  const float width = ImGui::GetContentRegionAvail().x;
  ImGuiListClipper clipper;
  clipper.Begin(int(rows.size()), geo.height + ImGui::GetStyle().ItemSpacing.y);
  while (clipper.Step())
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const CanvasRow& row = rows[std::size_t(i)];
      ImGui::PushID(i);
      if (row.header) draw_group_header(app, groups[row.group], width, geo.height);
      else draw_row(app, workers[row.worker], geo, frame);
      ImGui::PopID();
    }
  clipper.End();
}

}  // namespace placement::ui
