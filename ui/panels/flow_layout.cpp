#include "panels/flow_layout.h"

#include "imgui.h"

namespace placement::ui {

void wrap_if_past_edge(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const float x = ImGui::GetCursorScreenPos().x;
  // At the start of a line (x at the indent) a new line would only add an empty one.
  const float line_start = ImGui::GetWindowPos().x + ImGui::GetCursorStartPos().x + ImGui::GetStyle().ItemSpacing.x;
  if (x + width > right && x > line_start) ImGui::NewLine();
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

}  // namespace placement::ui
