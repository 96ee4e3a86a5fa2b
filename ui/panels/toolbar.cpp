// The toolbar (ids button/<name>) and the decision in one line.
#include "app/app.h"
#include "app/decision_line.h"
#include "app/deploy.h"
#include <string>

#include "imgui.h"
#include "panels/flow_layout.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

// Buttons wrap onto a second line in a narrow window instead of running past its edge.
bool tool_button(const char* label, const char* id, bool enabled = true) {
  wrap_if_past_edge(button_width(label));
  if (!enabled) ImGui::BeginDisabled();
  const bool pressed = ImGui::Button(label);
  if (!enabled) ImGui::EndDisabled();
  test_hooks::tag(std::string("button/") + id, label);
  ImGui::SameLine();
  return pressed;
}

void group_separator() {
  wrap_if_past_edge(ImGui::CalcTextSize("|").x);
  ImGui::TextDisabled("|");
  ImGui::SameLine();
}

void tooltip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

// What Deploy will do to replicas: place a pending replica, or scale up by one.
std::string deploy_tooltip(const App& app) {
  const Scenario* typed = app.drawn_scenario();
  const long long instances = typed ? model_instance_count(*typed) : 0, replicas = typed ? model_replicas(*typed) : 1;
  if (instances < replicas)
    return "Place a pending replica on the winner (" + std::to_string(instances) + " of " + std::to_string(replicas) +
           " replicas exist); the next one is scheduled";
  return "Scale up to " + std::to_string(instances + 1) + " replicas (replicas + 1, as in GPUStack) and place the new one on the winner";
}

void draw_decision_line(App& app) {
  const DecisionLine line = decision_line(app.results(), app.results_current());
  switch (line.kind) {
    case DecisionLine::Kind::computing: ImGui::TextDisabled("%s", line.text.c_str()); break;
    // An error or a refusal can be a long sentence that says how to fix it: wrapped, never cut.
    case DecisionLine::Kind::input_error:
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.4f, 1));
      ImGui::TextWrapped("%s", line.text.c_str());
      ImGui::PopStyleColor();
      break;
    case DecisionLine::Kind::no_candidate: ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "%s", line.text.c_str()); break;
    case DecisionLine::Kind::winner: ImGui::TextColored(ImVec4(0.45f, 0.9f, 0.5f, 1), "%s", line.text.c_str()); break;
  }
  if (line.kind != DecisionLine::Kind::winner && line.kind != DecisionLine::Kind::no_candidate) return;
  const WhatIfModel& w = app.whatif();
  const std::string more = w.current(WhatIfKind::capacity) ? capacity_line(w.answer(WhatIfKind::capacity)) : "counting replicas that fit...";
  if (more.empty()) return;
  ImGui::SameLine();
  ImGui::TextDisabled("| %s", more.c_str());
  test_hooks::tag("decision/capacity", more);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Replica after replica as GPUStack would place them (6 What if, Capacity)");
}

}  // namespace

void draw_toolbar(App& app) {
  if (app.ui().embed) {
    draw_embed_toolbar(app);
    ImGui::NewLine();
    draw_decision_line(app);
    return;
  }
  if (tool_button("Undo", "undo", app.can_undo())) app.undo();
  if (tool_button("Redo", "redo", app.can_redo())) app.redo();
  group_separator();
  if (tool_button("Copy link", "copy-link")) app.copy_link();
  if (tool_button("Import...", "import")) app.open_scenario_picker();
  if (tool_button("Export", "export")) app.export_scenario();
  if (tool_button("Paste JSON...", "paste-json")) app.open_paste_dialog();
  if (tool_button("Load GGUF...", "load-gguf")) app.open_gguf_picker();
  group_separator();
  const bool fits = app.results_current() && app.results().selected() >= 0;
  if (tool_button("Deploy", "deploy", fits)) app.deploy();
  tooltip(deploy_tooltip(app).c_str());
  if (tool_button("Deploy until full", "deploy-until-full", fits)) app.deploy_until_full();
  tooltip("Deploy again and again until no candidate fits (at most 256); one undo step");
  if (tool_button("Scale down...", "scale-down", app.results_current() && app.drawn_scenario() && model_instance_count(*app.drawn_scenario()) > 0)) open_scale_down_dialog(app);
  tooltip("Choose how many replicas to keep and see which instances GPUStack removes first");
  draw_scale_down_dialog(app);
  if (tool_button("Reset instances", "reset-instances")) app.reset_instances();
  tooltip("The model's instances and replicas as the scenario was loaded; one undo step");
  group_separator();
  if (tool_button("Copy explanation", "copy-explanation")) app.copy_explanation();
  tooltip("The step-by-step explanation as Markdown, as `placement schedule FILE --markdown` prints it");
  draw_save_image_button(app);
  ImGui::NewLine();
  draw_decision_line(app);
}

}  // namespace placement::ui
