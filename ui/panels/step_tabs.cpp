// The stepper: one button per phase of the decision (ids step/<phase>).
#include "app/app.h"
#include "imgui.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

void draw_step_tabs(App& app) {
  for (Step s : kSteps) {
    const bool active = app.ui().step == s;
    if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(step_title(s))) app.ui().step = s;
    test_hooks::tag(std::string("step/") + step_name(s), step_title(s));
    if (active) ImGui::PopStyleColor();
    ImGui::SameLine();
  }
  if (app.busy()) ImGui::TextDisabled("computing...");
  else ImGui::NewLine();
}

}  // namespace placement::ui
