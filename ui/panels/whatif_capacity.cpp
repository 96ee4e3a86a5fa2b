// What if > Capacity: "N more replicas fit", each replica where GPUStack would put it (drawn on the
// canvas: the GPUs they would take outlined in blue, their claims added), why the next one does
// not fit, and "Deploy all" (one undo step, through the core's what-if deploy).
#include <string>

#include "app/app.h"
#include "app/decision_line.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/panels.h"
#include "panels/whatif_views.h"
#include "test_hooks.h"
#include "whatif/whatif_text.h"

namespace placement::ui {

namespace {
void draw_replica_rows(App& app, const Json& replicas) {
  if (!ImGui::BeginTable("capacity-replicas", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
  for (const char* h : {"#", "where", "strategy", "claim per GPU"}) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  int n = 0;
  for (const auto& r : replicas) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const std::string label = std::to_string(++n);
    ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_SpanAllColumns);
    test_hooks::tag("capacity/" + std::to_string(n - 1), where_text(r));
    // Hovering a row shows that one replica alone on the canvas.
    if (ImGui::IsItemHovered()) app.whatif().preview_next(Json::array({r}), "replica " + label + " of the capacity answer");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(where_text(r).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.value("strategy", std::string("-")).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(whatif::vram_text(member(r, "computed_resource_claim", json_null())).c_str());
  }
  ImGui::EndTable();
}
}  // namespace

void draw_whatif_capacity(App& app) {
  ImGui::TextWrapped("Replica after replica, each placed by the scheduler against the load of the ones before (as GPUStack would "
                     "when scaling up), until nothing fits or %d replicas.", kCapacityLimit);
  if (!draw_search_state(app, WhatIfKind::capacity, "capacity")) return;
  const Json& a = app.whatif().answer(WhatIfKind::capacity);
  const std::string line = capacity_line(a);
  ImGui::TextColored(ImVec4(0.35f, 0.8f, 1, 1), "%s", line.c_str());
  test_hooks::tag("capacity/summary", line);
  const Json& failure = member(a, "next_failure", json_null());
  if (failure.is_object()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("The next one: %s", failure.value("text", std::string("-")).c_str());
    ImGui::PopTextWrapPos();
  }
  const Json& replicas = member(a, "replicas", json_array());
  if (replicas.empty()) return;
  app.whatif().preview_next(replicas, std::to_string(replicas.size()) + " more replica" + (replicas.size() == 1 ? "" : "s") +
                                          " where they would go (hover a row for one)");
  if (ImGui::Button("Deploy all")) app.deploy_capacity();
  test_hooks::tag("button/deploy-all", "Deploy all");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add every replica above as a running instance; one undo step");
  draw_replica_rows(app, replicas);
}

}  // namespace placement::ui
