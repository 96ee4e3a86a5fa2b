// The menu bar: every example compiled into the app (ids example/<stem>, the description as a
// tooltip) and the scenario's file operations.
#include "app/app.h"
#include "app/examples.h"
#include "imgui.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

void draw_examples(App& app) {
  for (const ExampleScenario& e : builtin_examples()) {
    if (ImGui::MenuItem(e.stem)) app.load_example(e.stem);
    test_hooks::tag(std::string("example/") + e.stem, e.stem);
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
      ImGui::TextUnformatted(example_description(e).c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
}

}  // namespace

void draw_menu_bar(App& app) {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("Examples")) {
    draw_examples(app);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Scenario")) {
    if (ImGui::MenuItem("Open scenario file...")) app.open_scenario_picker();
    if (ImGui::MenuItem("Download scenario JSON")) app.export_scenario();
    if (ImGui::MenuItem("Paste JSON (scenario or GPUStack API)...")) app.open_paste_dialog();
    if (ImGui::MenuItem("Load .gguf file...")) app.open_gguf_picker();
    if (ImGui::MenuItem("Copy link")) app.copy_link();
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

}  // namespace placement::ui
