// Phase 5, scale-down: the target replica count, the core's ascending ranking of this model's
// instances (the first go first) with each scorer's points; the toolbar's Scale down applies it.
#include <algorithm>

#include "app/app.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/edit_widgets.h"
#include "panels/panels.h"
#include "panels/trace_views.h"

namespace placement::ui {

void draw_scale_down_panel(App& app) {
  const Json sd_field = member(app.scenario(), "scale_down", json_null());
  bool set = sd_field.is_object();
  if (ImGui::Checkbox("Target replica count for scale-down", &set)) {
    const long long replicas = app.scenario().value("model", Json::object()).value("replicas", 1LL);
    set_value(app, ptr("/scale_down"), set ? Json{{"replicas", replicas > 0 ? replicas - 1 : 0}} : Json(nullptr), false);
  }
  if (set) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    edit_int(app, "replicas##sd", ptr("/scale_down/replicas"), 1);
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Without a target the model's replicas field is the target.");
    ImGui::PopStyleColor();
  }
  const Results& r = app.results();
  if (draw_input_error(r.input_error())) return;
  const std::vector<ScaleDownRow>& ranking = r.scale_down_ranking();
  if (ranking.empty()) {
    ImGui::TextDisabled("Nothing to rank: the model has no instances.");
  } else if (ImGui::BeginTable("ranking", 6, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* h : {"#", "instance", "status", "offload_layer", "placement", "total"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    // Rows in view only: a thousand-worker cluster ranks thousands of instances.
    ImGuiListClipper clipper;
    clipper.Begin(int(ranking.size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const ScaleDownRow& e = ranking[std::size_t(i)];
        ImGui::TableNextRow();
        if (e.deleted) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(130, 50, 40, 120));
        ImGui::TableNextColumn();
        ImGui::Text("%d%s", i + 1, e.deleted ? " delete" : " keep");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(e.name.c_str());
        for (const char* k : {"status", "offload_layer", "placement"}) {
          ImGui::TableNextColumn();
          const auto points = std::find_if(e.scores.begin(), e.scores.end(), [k](const auto& s) { return s.first == k; });
          ImGui::TextUnformatted(points != e.scores.end() ? score_text(points->second).c_str() : "-");
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(score_text(e.score).c_str());
      }
    }
    ImGui::EndTable();
  }
  for (const char* list : {"quirks", "warnings"}) {
    const Json& items = r.scale_down_trace_section(list);
    if (items.is_array())
      for (const auto& x : items) bullet_wrapped("%s", x.is_object() ? fields_text(x).c_str() : value_text("", x).c_str());
  }
  const Json& err = r.scale_down_trace_section("error");
  if (err.is_object()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.5f, 0.4f, 1));
    ImGui::TextWrapped("Stopped: %s", fields_text(err).c_str());
    ImGui::PopStyleColor();
  }
}

}  // namespace placement::ui
