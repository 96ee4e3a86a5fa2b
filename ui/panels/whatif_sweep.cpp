// What if > Sweep (fit frontier): one setting over a list of values, each a real decision (the
// core's sweep, `placement sweep FILE --set SETTING=V1,V2,...`): a table of fits / strategy /
// where / claim, and a plot of the largest claim per GPU (zero where it does not fit).
#include <algorithm>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/format.h"
#include "imgui.h"
#include "misc/cpp/imgui_stdlib.h"
#include "panels/panels.h"
#include "panels/whatif_views.h"
#include "share/ascii_case.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {
struct SettingChoice {
  const char* title;
  const char* example_values;
};
constexpr SettingChoice kChoices[] = {{"Context length", "2048,4096,8192,16384,32768"},
                                      {"Memory utilisation", "0.5,0.6,0.7,0.8,0.9,0.95"},
                                      {"Replicas", "1,2,3,4,6,8"},
                                      {"JSON pointer", "1,2,4,8"}};

std::string lower_backend(const Json& scenario) {
  return share::ascii_lower(value_text("", member(member(scenario, "model", json_object()), "backend", json_null())));
}

// The backend parameter a choice sets for this model's backend (as the advise levers name them).
std::string setting_for(int choice, const Json& scenario, const std::string& pointer) {
  const std::string b = lower_backend(scenario);
  switch (choice) {
    case 0: return b == "sglang" ? "--context-length" : b == "llama-box" || b == "gguf" ? "--ctx-size" : "--max-model-len";
    case 1: return b == "sglang" ? "--mem-fraction-static" : b == "mindie" ? "--npu-memory-fraction" : "--gpu-memory-utilization";
    case 2: return "replicas";
    default: return pointer;
  }
}

double largest_claim_gib(const Json& row) {
  double most = 0;
  for (const auto& c : member(row, "claim_per_gpu", json_array())) most = std::max(most, number_or(member(c, "vram", json_null())));
  return most / (1024.0 * 1024.0 * 1024.0);
}

void draw_rows(const Json& rows) {
  std::vector<float> plot;
  for (const auto& r : rows) plot.push_back(r.value("fits", false) ? float(largest_claim_gib(r)) : 0.0f);
  if (!plot.empty())
    ImGui::PlotHistogram("##sweep-plot", plot.data(), int(plot.size()), 0, "largest claim per GPU (GiB); 0 = does not fit", 0.0f, FLT_MAX,
                         ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 6));
  if (!ImGui::BeginTable("sweep", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
  for (const char* h : {"value", "fits", "strategy", "where", "claim per GPU"}) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  int n = 0;
  for (const auto& r : rows) {
    const bool fits = r.value("fits", false);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const std::string value = value_text("", member(r, "value", json_null()));
    ImGui::TextUnformatted(value.c_str());
    test_hooks::tag("sweep/" + std::to_string(n++), value + (fits ? " fits" : " does not fit"));
    ImGui::TableNextColumn();
    ImGui::TextColored(fits ? ImVec4(0.45f, 0.9f, 0.5f, 1) : ImVec4(1, 0.6f, 0.3f, 1), "%s", fits ? "yes" : "no");
    if (!fits && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", value_text("", member(r, "why_not", json_null())).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value_text("", member(r, "strategy", json_null())).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(where_text(member(r, "placement", json_null())).c_str());
    ImGui::TableNextColumn();
    std::string claims;
    for (const auto& c : member(r, "claim_per_gpu", json_array()))
      claims += (claims.empty() ? "" : ", ") + value_text("", member(c, "gpu_index", json_null())) + ": " + gib_text(number_or(member(c, "vram", json_null())));
    ImGui::TextUnformatted(claims.c_str());
  }
  ImGui::EndTable();
}
}  // namespace

void draw_whatif_sweep(App& app) {
  WhatIfModel& w = app.whatif();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  if (ImGui::BeginCombo("setting", kChoices[w.sweep_choice].title)) {
    for (int i = 0; i < int(std::size(kChoices)); ++i)
      if (ImGui::Selectable(kChoices[i].title, i == w.sweep_choice)) {
        w.sweep_choice = i;
        w.sweep_values = kChoices[i].example_values;
      }
    ImGui::EndCombo();
  }
  if (w.sweep_values.empty()) w.sweep_values = kChoices[w.sweep_choice].example_values;
  if (w.sweep_choice == 3) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    ImGui::InputText("pointer", &w.sweep_pointer);
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
  ImGui::InputText("values", &w.sweep_values);
  test_hooks::tag("sweep/values", w.sweep_values);
  const std::string spec = setting_for(w.sweep_choice, app.scenario(), w.sweep_pointer) + "=" + w.sweep_values;
  if (ImGui::Button("Run sweep")) app.run_sweep(spec);
  test_hooks::tag("button/run-sweep", "Run sweep");
  ImGui::SameLine();
  ImGui::TextDisabled("placement sweep FILE --set %s", spec.c_str());
  if (w.sweep_spec.empty()) return;
  if (!draw_search_state(app, WhatIfKind::sweep, "the sweep")) return;
  const Json& a = w.answer(WhatIfKind::sweep);
  ImGui::Text("%s, re-run after every edit:", value_text("", member(a, "setting", json_null())).c_str());
  draw_rows(member(a, "rows", json_array()));
}

}  // namespace placement::ui
