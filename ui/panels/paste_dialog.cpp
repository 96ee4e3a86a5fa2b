// The in-app paste box, used when the page offers no dialog of its own (native builds): a
// scenario or GPUStack API JSON goes through App::import_json like the page's paste.
#include "app/app.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "panels/keyboard.h"
#include "panels/panels.h"

namespace placement::ui {

void draw_paste_dialog(App& app) {
  UiState& ui = app.ui();
  if (!ui.paste_open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f), ImGuiCond_FirstUseEver,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(520, 360), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("Paste JSON", &ui.paste_open)) {
    ImGui::TextWrapped("A whole scenario, or JSON from a GPUStack server's API: workers, a model, model instances.");
    ImGui::InputTextMultiline("##paste", &ui.paste_text, ImVec2(-1, -ImGui::GetFrameHeightWithSpacing()));
    if (ImGui::Button("Import")) {
      if (app.import_json(ui.paste_text).empty()) {
        ui.paste_open = false;
        ui.paste_text.clear();
      }
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || keyboard::escape_pressed()) ui.paste_open = false;
  }
  ImGui::End();
}

}  // namespace placement::ui
