// The toolbar of a link opened with ?embed=1 (an iframe in someone's docs): only what reads the
// scenario — a small "Open in Explorer" link to the full app, Copy explanation, Save image — and
// the Save image button the full toolbar shows too.
#include <string>

#include "app/app.h"
#include "app/host.h"
#include "imgui.h"
#include "panels/flow_layout.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

namespace {

bool button(const char* label, const char* id, const char* tip) {
  wrap_if_past_edge(button_width(label));
  const bool pressed = ImGui::Button(label);
  test_hooks::tag(std::string("button/") + id, label);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  ImGui::SameLine();
  return pressed;
}

// A link-styled small button: the embed's way out to the editable explorer.
bool link_button(const char* label, const char* id, const char* tip) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.55f, 0.75f, 1.0f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
  const bool pressed = ImGui::SmallButton(label);
  ImGui::PopStyleColor(2);
  test_hooks::tag(std::string("button/") + id, label);
  if (ImGui::IsItemHovered()) {
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    ImGui::SetTooltip("%s", tip);
  }
  ImGui::SameLine();
  return pressed;
}

}  // namespace

void draw_save_image_button(App& app) {
  if (button("Save image", "save-image", "The canvas as it is drawn now, as a PNG file") && !host::save_image())
    app.banner().notice("Save image needs the browser page");
}

void draw_embed_toolbar(App& app) {
  ImGui::TextDisabled("Read-only view");
  ImGui::SameLine();
  if (link_button("Open in Explorer", "open-in-explorer", "This scenario in the full Placement Explorer (a new tab), where it can be edited") &&
      !host::open_in_explorer())
    app.banner().notice("Open in Explorer needs the browser page");
  if (button("Copy explanation", "copy-explanation", "The step-by-step explanation as Markdown")) app.copy_explanation();
  draw_save_image_button(app);
}

}  // namespace placement::ui
