// One frame of the app: take finished decisions and ask for the current one (at most one
// recompute per frame), build the UI, publish the frame's widget rectangles. An edit made while
// the UI was built is decided and drawn in the same frame (build it again).
#include "app/app.h"
#include "imgui.h"
#include "panels/keyboard.h"
#include "panels/panels.h"
#include "test_hooks.h"

namespace placement::ui {

void App::frame() {
  build_frame();
  // An edit made while this frame was built (a value typed, a button pressed) is decided now and
  // the frame is built once more with its decision, so the frame shown has it: otherwise it would
  // appear a frame later (30-40 ms under the browser's software renderer). Only the last build is
  // rendered. ImGui took this frame's input in the first build: a key or click is not seen twice
  // (pressed and clicked hold for the first NewFrame only), and typed characters are consumed.
  if (requested_ != state_.generation()) {
    ImGui::EndFrame();
    ImGui::NewFrame();
    build_frame();
  }
}

void App::build_frame() {
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
