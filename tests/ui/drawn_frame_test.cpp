// DrawnFrame: an idle frame of the app draws exactly what the frame before drew (so the browser
// skips drawing it), and any change of the image or of the target's size is seen.
#include <catch2/catch.hpp>

#include "app/app.h"
#include "headless_frame.h"
#include "imgui.h"
#include "panels/drawn_frame.h"

using placement::ui::App;
using placement::ui::DrawnFrame;
using placement::ui::testing::HeadlessImGui;

TEST_CASE("an idle frame is the same as the last; a change of step or size is not") {
  App app(placement::ui::make_sync_schedule_service());
  HeadlessImGui gui(1280, 800);
  gui.frames(app, 6);  // the decision arrives, layouts settle
  DrawnFrame drawn;
  CHECK_FALSE(drawn.same_as_last(*ImGui::GetDrawData(), 1280, 800));  // nothing drawn before
  for (int i = 0; i < 3; ++i) {
    gui.frames(app, 1);
    CHECK(drawn.same_as_last(*ImGui::GetDrawData(), 1280, 800));
  }
  CHECK_FALSE(drawn.same_as_last(*ImGui::GetDrawData(), 1281, 800));
  REQUIRE(app.step("fit"));
  gui.frames(app, 1);
  CHECK_FALSE(drawn.same_as_last(*ImGui::GetDrawData(), 1281, 800));
  gui.frames(app, 3);
  drawn.same_as_last(*ImGui::GetDrawData(), 1281, 800);
  gui.frames(app, 1);
  CHECK(drawn.same_as_last(*ImGui::GetDrawData(), 1281, 800));
}
