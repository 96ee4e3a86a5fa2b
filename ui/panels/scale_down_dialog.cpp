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
std::map<std::int64_t, std::string> workers_of(const Json& scenario, const std::vector<ScaleDownRow>& rows) {
  std::map<std::int64_t, std::string> names;
  for (const ScaleDownRow& e : rows) names.emplace(e.instance_id, "-");
  for (const auto& inst : member(scenario, "model_instances", json_array())) {
    const Json& id = member(inst, "id", json_null());
    if (!id.is_number_integer()) continue;
    const auto found = names.find(id.get<std::int64_t>());
    if (found != names.end() && found->second == "-") found->second = worker_name_of(scenario, inst);
  }
  return names;
}

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
  const std::map<std::int64_t, std::string> workers = workers_of(app.scenario(), goes);
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
  const long long instances = model_instance_count(app.scenario());
  const Json& sd = member(app.scenario(), "scale_down", json_null());
  const Json& wanted = member(sd, "replicas", json_null());
  long long target = std::max(0LL, instances - 1);
  if (wanted.is_number_integer() && wanted.get<long long>() < instances) target = std::max(0LL, wanted.get<long long>());
  app.ui().scale_down_target = target;
  ImGui::OpenPopup(kPopup);
}

void draw_scale_down_dialog(App& app) {
  if (!ImGui::BeginPopup(kPopup)) return;
  const long long instances = model_instance_count(app.scenario());
  long long& target = app.ui().scale_down_target;
  ImGui::Text("The model has %lld instance%s (replicas %lld).", instances, instances == 1 ? "" : "s", model_replicas(app.scenario()));
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
