// ImGui without a rendering backend (the ImPlot CI trick): a context with a built font atlas, a
// fixed display size, frames driven by hand, and clicks injected at the rectangles that
// test_hooks recorded — the same rectangles items() gives browser tests.
#pragma once

#include <string>

#include "app/app.h"

namespace placement::ui::testing {

class HeadlessImGui {
 public:
  explicit HeadlessImGui(float width = 1600, float height = 1000);
  ~HeadlessImGui();
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  // NewFrame, app.frame(), Render — `count` times.
  void frames(App& app, int count = 1);
  // Presses and releases the left button at the centre of the item `id` of the last frame.
  // Returns false when no visible item has that id.
  bool click(App& app, const std::string& id);
  // Presses and releases a key (an ImGuiKey_ value; the test's io.KeyMap maps each to itself)
  // with the given modifiers held, over frames as a person would.
  void press(App& app, int imgui_key, bool ctrl = false, bool shift = false, bool super = false);
  // Moves the mouse to (x, y) and runs a frame there.
  void move(App& app, float x, float y);
  // Turns the wheel by `units` (ImGui's units, negative = content moves up) at (x, y), one frame.
  void wheel(App& app, float x, float y, float units);
  // Vertices of the last frame (the UI really drew something).
  int last_vertex_count() const { return vertices_; }

 private:
  int vertices_ = 0;
};

}  // namespace placement::ui::testing
