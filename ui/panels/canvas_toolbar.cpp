// Above the cluster canvas: search by worker name, cards or rows, group by, zoom (−, +, Fit), and
// the colour legend. Items wrap to the next line rather than run past the pane's edge.
#include <cstdio>

#include "app/app.h"
#include "app/format.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "panels/canvas_parts.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

// SameLine when an item `width` wide still fits on this line of the pane.
void next_in_line(float width) {
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

float button_width(const char* label) { return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2; }

bool small_button(const char* label, const char* id, const char* tip) {
  const bool pressed = ImGui::Button(label);
  test_hooks::tag(std::string("button/") + id, label);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  return pressed;
}

const char* layout_name(CanvasLayout l) {
  switch (l) {
    case CanvasLayout::automatic: return "Auto";
    case CanvasLayout::cards: return "Cards";
    case CanvasLayout::compact: return "Rows";
  }
  return "Auto";
}

std::string group_name(const CanvasView& v) {
  switch (v.group_by) {
    case GroupBy::none: return "No grouping";
    case GroupBy::label: return "Label " + v.group_label;
    case GroupBy::gpu_model: return "GPU model";
    case GroupBy::state: return "State";
  }
  return "No grouping";
}

void draw_group_combo(App& app, CanvasView& view) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::BeginCombo("##group-by", group_name(view).c_str())) {
    auto choice = [&](const std::string& label, GroupBy by, const std::string& key) {
      if (ImGui::Selectable(label.c_str(), view.group_by == by && view.group_label == key)) {
        view.group_by = by;
        view.group_label = key;
        view.collapsed.clear();
      }
    };
    choice("No grouping", GroupBy::none, "");
    choice("State", GroupBy::state, "");
    choice("GPU model", GroupBy::gpu_model, "");
    for (const std::string& key : label_keys(app.drawn_workers())) choice("Label " + key, GroupBy::label, key);
    ImGui::EndCombo();
  }
  test_hooks::tag("combo/group-by", "Group by");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Group the workers (click a group's header to fold it)");
}

void swatch(ImU32 fill, ImU32 outline, const char* label, const char* tip) {
  const float size = ImGui::GetFontSize();
  next_in_line(size + 6 + ImGui::CalcTextSize(label).x);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + size, p.y + size - 1), fill);
  if (outline) dl->AddRect(ImVec2(p.x, p.y + 2), ImVec2(p.x + size, p.y + size - 1), outline, 0, 0, 2.0f);
  ImGui::Dummy(ImVec2(size + 2, size));
  ImGui::SameLine(0, 4);
  ImGui::TextDisabled("%s", label);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
}

}  // namespace

void draw_canvas_toolbar(App& app) {
  CanvasView& view = app.ui().canvas;
  const std::size_t workers = app.drawn_workers().size();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  ImGui::InputTextWithHint("##canvas-search", "Search workers", &view.search);
  test_hooks::tag("input/canvas-search", "Search workers");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show only workers whose name contains this text");

  next_in_line(ImGui::GetFontSize() * 5);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  if (ImGui::BeginCombo("##layout", layout_name(view.layout))) {
    for (CanvasLayout l : {CanvasLayout::automatic, CanvasLayout::cards, CanvasLayout::compact})
      if (ImGui::Selectable(layout_name(l), view.layout == l)) view.layout = l;
    ImGui::EndCombo();
  }
  test_hooks::tag("combo/layout", "Cards or rows");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Cards, or one row per worker with a strip of GPU bars.\nAuto: rows above %zu workers (now: %s)", kCompactAbove,
                      compact_layout(view, workers) ? "rows" : "cards");

  next_in_line(ImGui::GetFontSize() * 8);
  draw_group_combo(app, view);

  char zoom[16];
  std::snprintf(zoom, sizeof zoom, "%d%%", int(view.zoom * 100 + 0.5f));
  next_in_line(button_width("-") + button_width("+") + button_width("Fit") + ImGui::CalcTextSize(zoom).x + 24);
  if (small_button("-", "zoom-out", "Zoom out (Ctrl + wheel, or pinch)")) view.zoom = zoomed(view.zoom, 100);
  ImGui::SameLine(0, 2);
  if (small_button("+", "zoom-in", "Zoom in (Ctrl + wheel, or pinch)")) view.zoom = zoomed(view.zoom, -100);
  ImGui::SameLine(0, 2);
  if (small_button("Fit", "zoom-fit", "Fit every worker into the view.\nPan: middle button or Space + drag.")) view.fit_requested = true;
  ImGui::SameLine();
  ImGui::TextDisabled("%s", zoom);
}

void draw_canvas_legend() {
  ImGui::TextDisabled("Bars:");
  swatch(canvas_colour::free_memory, 0, "free", "Memory no instance claims");
  swatch(canvas_colour::reserved, 0, "reserved", "system_reserved of the worker");
  swatch(IM_COL32(200, 140, 60, 255), 0, "instances", "Claims of running instances, one colour per model");
  swatch(IM_COL32(90, 230, 120, 150), canvas_colour::candidate_outline, "candidate", "The claim of the inspected candidate (the winner unless you pick another)");
  swatch(canvas_colour::used_tick, 0, "used", "White line along the bottom: memory the worker reports used");
  swatch(canvas_colour::over_capacity, 0, "over", "Claims exceed the total");
  swatch(0, canvas_colour::gpu_ids, "gpu_ids", "In the model's manual GPU selection");
  swatch(0, canvas_colour::selected, "selected", "Selected: explained in \"Why (not) here?\"");
  swatch(0, canvas_colour::winner_frame, "hosts candidate", "Card frame (or row marker): the worker hosts the inspected candidate");
}

}  // namespace placement::ui
