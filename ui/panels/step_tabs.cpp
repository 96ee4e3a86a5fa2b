// The stepper: one button per phase of the decision (ids step/<phase>).
#include "app/app.h"
#include "imgui.h"
#include "panels/flow_layout.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

void draw_step_tabs(App& app) {
  for (Step s : kSteps) {
    const bool active = app.ui().step == s;
    wrap_if_past_edge(button_width(step_title(s)));  // a narrow panel: a second row, not a cut tab
    if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(step_title(s))) app.ui().step = s;
    test_hooks::tag(std::string("step/") + step_name(s), step_title(s));
    if (active) ImGui::PopStyleColor();
    ImGui::SameLine();
  }
  if (app.busy()) {
    wrap_if_past_edge(ImGui::CalcTextSize("computing...").x);
    ImGui::TextDisabled("computing...");
  } else {
    ImGui::NewLine();
  }
}

}  // namespace placement::ui
