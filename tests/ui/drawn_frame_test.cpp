// DrawnFrame: an idle frame of the app draws exactly what the frame before drew (so the browser
// skips drawing it), and any change of the image or of the target's size is seen.
#include <catch2/catch.hpp>

#include "app/app.h"
#include "headless_frame.h"
#include "imgui.h"
#include "panels/drawn_frame.h"
#include "test_hooks.h"

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

// The GPU table's fields fill their columns; with widths taken from their contents the columns
// swung between two layouts every frame once the worker panel had been scrolled with the wheel
// and the mouse rested elsewhere (a redraw every frame, each key answered a frame late).
TEST_CASE("the worker editor keeps one image after its panel is scrolled") {
  App app(placement::ui::make_sync_schedule_service());
  HeadlessImGui gui(1280, 800);
  REQUIRE(app.load_example("distributed-vllm"));
  gui.frames(app, 4);
  app.select_worker("a100-1");
  gui.frames(app, 4);
  const std::string memory = "gpu-memory/a100-1/0";
  auto shown = [&] {
    const placement::ui::test_hooks::Item* field = placement::ui::test_hooks::find(memory);
    return field && field->visible;
  };
  const placement::ui::test_hooks::Item* field = placement::ui::test_hooks::find(memory);
  REQUIRE(field);
  const float x = field->x + 5;
  for (int i = 0; i < 40 && !shown(); ++i) gui.wheel(app, x, 600, -1.0f);
  REQUIRE(shown());
  for (float y : {200.0f, 400.0f, 600.0f}) {
    gui.move(app, x, y);
    gui.frames(app, 4);
    DrawnFrame drawn;
    drawn.same_as_last(*ImGui::GetDrawData(), 1280, 800);
    for (int i = 0; i < 4; ++i) {
      gui.frames(app, 1);
      INFO("mouse at y " << y << ", frame " << i);
      CHECK(drawn.same_as_last(*ImGui::GetDrawData(), 1280, 800));
    }
  }
}
