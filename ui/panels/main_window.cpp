// The layout: menu bar, toolbar, banner and the scenario's description on top; the cluster
// canvas with "why (not) here?" docked below it on the left; the phase chosen by the stepper on the right.
#include <algorithm>

#include "app/app.h"
#include "imgui.h"
#include "panels/canvas_parts.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

void draw_description(App& app) {
  const Json& s = app.scenario();
  if (!s.contains("description") || !s["description"].is_string()) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", s["description"].get_ref<const std::string&>().c_str());
  ImGui::PopTextWrapPos();
}

void draw_phase(App& app) {
  switch (app.ui().step) {
    case Step::cluster:
      ImGui::BeginDisabled(app.ui().embed);  // ?embed=1 shows the values, never edits them
      draw_model_panel(app);
      draw_worker_editor(app);
      draw_instances_panel(app);
      ImGui::EndDisabled();
      break;
    case Step::filters: draw_stepper_filters(app); break;
    case Step::fit: draw_stepper_fit(app); break;
    case Step::scoring: draw_stepper_scoring(app); break;
    case Step::scale_down: draw_scale_down_panel(app); break;
    case Step::whatif: draw_whatif_panel(app); break;
  }
}

constexpr float kSplitterHeight = 6.0f;

// The bar between the canvas and "Why (not) here?": dragging it moves the share of the height
// the pane takes (kept as a fraction, so a window resize keeps both panes usable).
void draw_why_splitter(CanvasView& view, float available) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  ImGui::InvisibleButton("##why-splitter", ImVec2(width, kSplitterHeight));
  test_hooks::tag("splitter/why", "drag to resize Why (not) here?");
  const bool active = ImGui::IsItemActive();
  if (active) view.why_fraction = dragged_why_fraction(view.why_fraction, ImGui::GetIO().MouseDelta.y, available);
  if (active || ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeNS);
  const ImU32 colour = ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive : ImGui::IsItemHovered() ? ImGuiCol_SeparatorHovered : ImGuiCol_Separator);
  const float y = p.y + kSplitterHeight / 2;
  ImGui::GetWindowDrawList()->AddLine(ImVec2(p.x + width * 0.3f, y), ImVec2(p.x + width * 0.7f, y), colour, 3.0f);
}

// The left column: the canvas's controls and legend, the canvas (scrolls, zooms, pans), and
// "Why (not) here?" docked below it behind a splitter, always in view whatever the cluster's size.
void draw_cluster_column(App& app) {
  draw_canvas_toolbar(app);
  draw_canvas_legend();
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  const float available = ImGui::GetContentRegionAvail().y - kSplitterHeight - 2 * spacing;
  CanvasView& view = app.ui().canvas;
  const float why = why_pane_height(view.why_fraction, available);
  ImGui::BeginChild("canvas", ImVec2(0, std::max(1.0f, available - why)), true, ImGuiWindowFlags_HorizontalScrollbar);
  draw_cluster_canvas(app);
  ImGui::EndChild();
  draw_why_splitter(view, available);
  ImGui::BeginChild("why-pane", ImVec2(0, 0), true);
  draw_why_not_here(app);
  ImGui::EndChild();
}

}  // namespace

void draw_main_window(App& app) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  // ?embed=1 has no menus: no menu bar either, not an empty strip.
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 (app.ui().embed ? 0 : ImGuiWindowFlags_MenuBar) | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_NoSavedSettings;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  ImGui::Begin("Placement Explorer", nullptr, flags);
  ImGui::PopStyleVar();
  if (!app.ui().embed) draw_menu_bar(app);
  draw_toolbar(app);
  draw_banner(app);
  draw_description(app);

  const float avail = ImGui::GetContentRegionAvail().x;
  const float left = avail * 0.48f;
  ImGui::BeginChild("cluster-view", ImVec2(left, 0), false);
  draw_cluster_column(app);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("phase-view", ImVec2(0, 0), true);
  draw_step_tabs(app);
  ImGui::Separator();
  ImGui::BeginChild("phase-body");
  draw_phase(app);
  ImGui::EndChild();
  ImGui::EndChild();
  ImGui::End();
  draw_paste_dialog(app);
  draw_start_panel(app);
}

}  // namespace placement::ui
