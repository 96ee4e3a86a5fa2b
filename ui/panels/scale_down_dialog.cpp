// The toolbar's Scale down dialog: choose the replica count, see which instances go (GPUStack's
// scale-down order: the core's ranking, lowest first) before anything changes, then apply it as
// one undoable edit. Esc or Cancel close it unchanged.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/deploy.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/keyboard.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

constexpr const char* kPopup = "Scale down##dialog";

// Instance id -> the worker it runs on, for the rows in view (one pass over the instances).
std::map<std::int64_t, std::string> workers_of(const Scenario* scenario, const std::vector<ScaleDownRow>& rows) {
  std::map<std::int64_t, std::string> names;
  for (const ScaleDownRow& e : rows) names.emplace(e.instance_id, "-");
  if (!scenario) return names;
  for (const ModelInstance& inst : scenario->model_instances) {
    const auto found = names.find(inst.id);
    if (found != names.end() && found->second == "-") found->second = worker_name_of(*scenario, inst);
  }
  return names;
}

// The counts the ranking was decided with (the typed Scenario the canvas draws).
long long instance_count(const App& app) { return app.drawn_scenario() ? model_instance_count(*app.drawn_scenario()) : 0; }

void draw_preview(App& app, long long target) {
  const std::vector<ScaleDownRow> goes = app.scale_down_preview(target);
  if (goes.empty()) {
    ImGui::TextDisabled("Nothing goes: the model has no more than %lld instance%s.", target, target == 1 ? "" : "s");
    return;
  }
  ImGui::Text("%zu %s, in GPUStack's scale-down order (lowest score first):", goes.size(), goes.size() == 1 ? "instance goes" : "instances go");
  if (!ImGui::BeginTable("scale-down-preview", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
  for (const char* h : {"#", "instance", "worker", "score"}) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  const std::map<std::int64_t, std::string> workers = workers_of(app.drawn_scenario(), goes);
  int n = 1;
  for (const ScaleDownRow& e : goes) {
    ImGui::TableNextRow();
    ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(130, 50, 40, 120));
    ImGui::TableNextColumn();
    ImGui::Text("%d", n++);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(e.name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(workers.at(e.instance_id).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(score_text(e.score).c_str());
  }
  ImGui::EndTable();
}

}  // namespace

void open_scale_down_dialog(App& app) {
  const long long instances = instance_count(app);
  const Scenario* typed = app.drawn_scenario();
  long long target = std::max(0LL, instances - 1);
  if (typed && typed->scale_down && typed->scale_down->replicas < instances) target = std::max(0, typed->scale_down->replicas);
  app.ui().scale_down_target = target;
  ImGui::OpenPopup(kPopup);
}

void draw_scale_down_dialog(App& app) {
  if (!ImGui::BeginPopup(kPopup)) return;
  const long long instances = instance_count(app);
  long long& target = app.ui().scale_down_target;
  const long long replicas = app.drawn_scenario() ? model_replicas(*app.drawn_scenario()) : 0;
  ImGui::Text("The model has %lld instance%s (replicas %lld).", instances, instances == 1 ? "" : "s", replicas);
  int value = int(target);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::InputInt("replicas to keep", &value)) target = std::clamp<long long>(value, 0, instances);
  test_hooks::tag("scale-down/target", "replicas to keep");
  if (!app.results_current()) ImGui::TextDisabled("computing the ranking...");
  else draw_preview(app, target);
  const std::string apply = "Scale down to " + std::to_string(target);
  const bool can = app.results_current() && target < instances;
  if (!can) ImGui::BeginDisabled();
  const bool pressed = ImGui::Button(apply.c_str());
  if (!can) ImGui::EndDisabled();
  test_hooks::tag("button/scale-down-apply", apply);
  ImGui::SameLine();
  const bool cancel = ImGui::Button("Cancel");
  test_hooks::tag("button/scale-down-cancel", "Cancel");
  if (pressed) app.scale_down_to(target);
  if (pressed || cancel || keyboard::escape_pressed()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace placement::ui
