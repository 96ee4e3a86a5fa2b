// What if > Advice: the changes that would make the model (or K replicas) fit, each confirmed by
// the scheduler, cheapest first. Hovering or selecting one previews its placement on the canvas;
// Apply applies its JSON Patch as one undo step.
#include <cstdio>
#include <string>

#include "app/app.h"
#include "app/format.h"
#include "imgui.h"
#include "panels/panels.h"
#include "panels/whatif_views.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {
void draw_suggestion_rows(App& app, const Json& suggestions) {
  WhatIfModel& w = app.whatif();
  // The change and where it goes are sentences: their columns share the panel's width and wrap,
  // so the last columns never end up past the panel's edge.
  if (!ImGui::BeginTable("advice", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("lever", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("change", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn("cost", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("goes to", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  for (int i = 0; i < int(suggestions.size()); ++i) {
    const Json& s = suggestions[std::size_t(i)];
    const std::string summary = s.value("summary", std::string("-"));
    ImGui::PushID(i);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::SmallButton("Apply")) app.apply_suggestion(i);
    test_hooks::tag("button/apply-suggestion/" + std::to_string(i), "Apply: " + summary);
    ImGui::TableNextColumn();
    if (ImGui::Selectable(s.value("lever", std::string("-")).c_str(), w.selected_suggestion == i, ImGuiSelectableFlags_SpanAllColumns))
      w.selected_suggestion = w.selected_suggestion == i ? -1 : i;
    test_hooks::tag("suggestion/" + std::to_string(i), summary);
    if (ImGui::IsItemHovered() || w.selected_suggestion == i)
      w.preview_next(Json::array({member(s, "placement", json_null())}), "where it goes after: " + summary);
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", summary.c_str());
    test_hooks::tag("suggestion/" + std::to_string(i) + "/change", summary);
    ImGui::TableNextColumn();
    const Json& cost = member(s, "cost", json_object());
    // The size of the change orders suggestions of one class; trailing zeros say nothing.
    const Json& size = member(cost, "size", json_null());
    char size_text[32] = "";
    if (size.is_number()) std::snprintf(size_text, sizeof size_text, " %.6g", size.get<double>());
    ImGui::Text("%s%s", cost.value("class", std::string("-")).c_str(), size_text);
    test_hooks::tag("suggestion/" + std::to_string(i) + "/cost");
    ImGui::TableNextColumn();
    const std::string where = where_text(member(s, "placement", json_null()));
    ImGui::TextWrapped("%s", where.c_str());
    test_hooks::tag("suggestion/" + std::to_string(i) + "/placement", where);
    ImGui::PopID();
  }
  ImGui::EndTable();
}
}  // namespace

void draw_whatif_advice(App& app) {
  WhatIfModel& w = app.whatif();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  int replicas = w.advise_replicas;
  if (ImGui::InputInt("replicas that must fit", &replicas) && replicas >= 1 && replicas <= kCapacityLimit) w.advise_replicas = replicas;
  if (!draw_search_state(app, WhatIfKind::advise, "advice")) return;
  const Json& a = w.answer(WhatIfKind::advise);
  const Json& suggestions = member(a, "suggestions", json_array());
  if (w.selected_suggestion >= int(suggestions.size())) w.selected_suggestion = -1;
  if (a.value("fits", false)) {
    ImGui::TextColored(ImVec4(0.45f, 0.9f, 0.5f, 1), "It fits already: nothing to change.");
    test_hooks::tag("advice/summary", "fits");
  } else {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "Does not fit: %s", value_text("", member(a, "why_not", json_null())).c_str());
    ImGui::PopTextWrapPos();
    const std::string n = std::to_string(suggestions.size()) + " change" + (suggestions.size() == 1 ? "" : "s") + " would make it fit";
    ImGui::TextUnformatted(n.c_str());
    test_hooks::tag("advice/summary", n);
  }
  if (!suggestions.empty()) draw_suggestion_rows(app, suggestions);
  const Json& search = member(a, "search", json_object());
  const Json& caps = member(search, "caps", json_array());
  ImGui::TextDisabled("%s scheduler runs%s", value_text("", member(search, "runs", json_null())).c_str(),
                      caps.empty() ? "" : "; some levers stopped early (hover)");
  if (!caps.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", caps.dump(2).c_str());
}

}  // namespace placement::ui
