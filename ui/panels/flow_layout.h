// Rows of buttons that wrap instead of running past the window's edge: call before each item of
// a row laid out with SameLine(); a narrow window (1024 px) starts a new line instead of cutting.
#pragma once

namespace placement::ui {

// Before an item `width` px wide, when the cursor was left on the same line: moves to a new line
// if the item would end past the content region's right edge.
void wrap_if_past_edge(float width);
// The width ImGui::Button(label) takes.
float button_width(const char* label);

}  // namespace placement::ui
