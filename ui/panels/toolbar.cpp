// The toolbar (ids button/<name>) and the decision in one line.
#include "app/app.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

bool tool_button(const char* label, const char* id, bool enabled = true) {
  if (!enabled) ImGui::BeginDisabled();
  const bool pressed = ImGui::Button(label);
  if (!enabled) ImGui::EndDisabled();
  test_hooks::tag(std::string("button/") + id, label);
  ImGui::SameLine();
  return pressed;
}

void draw_decision_line(App& app) {
  const Results& r = app.results();
  if (!app.results_current() && r.generation == 0) {
    ImGui::TextDisabled("computing...");
    return;
  }
  const std::string error = r.input_error();
  if (!error.empty()) {
    ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "Scenario error: %s", error.c_str());
    return;
  }
  const int w = r.selected();
  if (w < 0) {
    ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "No candidate: the model cannot be placed (see 3 Resource fit)");
    return;
  }
  const Json& c = r.candidates()[std::size_t(w)];
  std::string gpus = c.contains("gpu_indexes") && c["gpu_indexes"].is_array() ? " GPUs " + c["gpu_indexes"].dump() : " (CPU)";
  ImGui::TextColored(ImVec4(0.45f, 0.9f, 0.5f, 1), "Winner: %s%s  strategy %s  score %s", c.value("worker_name", std::string("?")).c_str(),
                     gpus.c_str(), value_text("", r.schedule.value("strategy", Json(nullptr))).c_str(),
                     score_text(number_or(c.value("score", Json(nullptr)))).c_str());
}

}  // namespace

void draw_toolbar(App& app) {
  if (tool_button("Undo", "undo", app.can_undo())) app.undo();
  if (tool_button("Redo", "redo", app.can_redo())) app.redo();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  if (tool_button("Copy link", "copy-link")) app.copy_link();
  if (tool_button("Import...", "import")) app.open_scenario_picker();
  if (tool_button("Export", "export")) app.export_scenario();
  if (tool_button("Paste JSON...", "paste-json")) app.open_paste_dialog();
  if (tool_button("Load GGUF...", "load-gguf")) app.open_gguf_picker();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  if (tool_button("Deploy", "deploy", app.results_current() && app.results().selected() >= 0)) app.deploy();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Apply the winning candidate as a running instance and schedule the next replica");
  if (tool_button("Scale down", "scale-down", app.results_current())) app.apply_scale_down();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove the instances the scale-down ranking deletes (see 5 Scale-down)");
  ImGui::NewLine();
  draw_decision_line(app);
}

}  // namespace placement::ui
