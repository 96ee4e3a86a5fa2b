// Widget rectangles for items() and browser tests (toolchain.md, trap 10): ImGui is built with
// IMGUI_ENABLE_TEST_ENGINE and this file implements its item hooks, so every labelled item of a
// frame is recorded with its bounding box; tag() gives the item just submitted a stable id
// (explorer-architecture.md: worker/<name>, gpu/<name>/<index>, step/<phase>, button/<name>,
// example/<stem>, candidate/<n>, note/all-dropped). Coordinates are ImGui's, which the platform layer keeps in CSS
// pixels (display size = the canvas's CSS size, framebuffer scale = devicePixelRatio).
//
//   test_hooks::begin_frame();   ... ImGui::Button("Deploy"); test_hooks::tag("button/deploy");
//   test_hooks::end_frame();     test_hooks::items_json()  // the last finished frame
#pragma once

#include <string>
#include <vector>

namespace placement::ui::test_hooks {

struct Item {
  std::string id;
  std::string label;
  float x = 0, y = 0, w = 0, h = 0;
  bool visible = true;  // inside its window's clip rectangle
  unsigned imgui_id = 0;  // ImGui's id of the item (native tests compare it with the keyboard focus)
};

// Turns the hooks on for the current ImGui context (after ImGui::CreateContext()).
void install();
void begin_frame();
void end_frame();
// Names the last submitted item (ImGui::GetItemRect*) with a stable id.
void tag(const std::string& id, const std::string& label = "");

const std::vector<Item>& items();  // the last finished frame, stable ids first
const Item* find(const std::string& id);
std::string items_json();

}  // namespace placement::ui::test_hooks
