// One frame of the app: take finished decisions and ask for the current one (at most one
// recompute per frame), build the UI, publish the frame's widget rectangles.
#include "app/app.h"
#include "imgui.h"
#include "panels/keyboard.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

void App::frame() {
  pump();
  whatif_.start_frame();
  test_hooks::begin_frame();
  keyboard::handle(*this);
  draw_main_window(*this);
  // A released widget ends its coalesced edit: the next drag or typing is a new undo step.
  if (!ImGui::IsAnyItemActive()) state_.seal();
  test_hooks::end_frame();
  keyboard::end_frame();
}

}  // namespace placement::ui
