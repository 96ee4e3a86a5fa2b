// The keyboard and the screen reader (issue 23, problem 7) in the headless app: shortcuts for
// undo/redo (not in text fields), Tab through every item with Enter/Space to activate, Esc on the
// in-app dialogs, and the decision line announced after each result. Also the wheel conversion
// and what a link keeps (problems 3 and 8).
#include <catch2/catch.hpp>

#include "app/examples.h"
#include "app/host.h"
#include "app/view_link.h"
#include "app/wheel.h"
#include "app/worker_edits.h"
#include "explain/markdown_renderer.h"
#include "explain/text_renderer.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"
#include "headless_frame.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "test_hooks.h"

using placement::Json;
using namespace placement::ui;
using placement::ui::testing::HeadlessImGui;

namespace {

std::unique_ptr<App> make_app() { return std::make_unique<App>(make_sync_schedule_service()); }

// Tabs until the item with the stable id has the keyboard focus; false after `limit` presses.
bool tab_to(HeadlessImGui& gui, App& app, const std::string& id, int limit = 300) {
  for (int i = 0; i < limit; ++i) {
    const test_hooks::Item* item = test_hooks::find(id);
    if (item && GImGui->NavId == item->imgui_id && !GImGui->NavDisableHighlight) return true;
    gui.press(app, ImGuiKey_Tab);
  }
  return false;
}

}  // namespace

TEST_CASE("Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, Cmd too") {
  HeadlessImGui gui;
  auto app = make_app();
  gui.frames(*app, 2);
  const std::string a = app->scenario_text();
  REQUIRE(app->load_example("cpu-fallback"));
  gui.frames(*app, 1);
  const std::string b = app->scenario_text();
  gui.press(*app, ImGuiKey_Z, true);
  CHECK(app->scenario_text() == a);
  gui.press(*app, ImGuiKey_Z, true, true);
  CHECK(app->scenario_text() == b);
  gui.press(*app, ImGuiKey_Z, false, false, true);  // Cmd+Z
  CHECK(app->scenario_text() == a);
  gui.press(*app, ImGuiKey_Y, true);
  CHECK(app->scenario_text() == b);
  gui.press(*app, ImGuiKey_Z);  // Z alone is no shortcut
  CHECK(app->scenario_text() == b);
}

TEST_CASE("Ctrl+Z in a text field is the field's own undo, not the scenario's") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("cpu-fallback"));
  gui.frames(*app, 2);
  REQUIRE(app->can_undo());
  const std::string shown = app->scenario_text();
  GImGui->WantTextInputNextFrame = 1;  // as an active InputText sets it for the next frame
  gui.press(*app, ImGuiKey_Z, true);
  CHECK(app->scenario_text() == shown);
}

TEST_CASE("Tab and Shift+Tab visit the items in order; Enter and Space press the focused one") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  gui.frames(*app, 2);
  // Every press moves the focus to another item, with the focus shown.
  ImGuiID previous = GImGui->NavId;
  for (int i = 0; i < 8; ++i) {
    gui.press(*app, ImGuiKey_Tab);
    CHECK(GImGui->NavId != 0);
    CHECK(GImGui->NavId != previous);
    CHECK_FALSE(GImGui->NavDisableHighlight);
    previous = GImGui->NavId;
  }
  gui.press(*app, ImGuiKey_Tab);
  const ImGuiID after = GImGui->NavId;
  gui.press(*app, ImGuiKey_Tab, false, true);
  CHECK(GImGui->NavId == previous);  // Shift+Tab goes back
  gui.press(*app, ImGuiKey_Tab);
  CHECK(GImGui->NavId == after);

  // Enter presses Deploy; Space presses Undo.
  const std::size_t instances = app->scenario()["model_instances"].size();
  REQUIRE(tab_to(gui, *app, "button/deploy"));
  gui.press(*app, ImGuiKey_Enter);
  gui.frames(*app, 1);
  CHECK(app->scenario()["model_instances"].size() == instances + 1);
  REQUIRE(tab_to(gui, *app, "button/undo"));
  gui.press(*app, ImGuiKey_Space);
  gui.frames(*app, 1);
  CHECK(app->scenario()["model_instances"].size() == instances);
  // A GPU bar on the canvas is reachable too and selects the GPU.
  const std::string worker = app->scenario()["workers"][0]["name"];
  REQUIRE(tab_to(gui, *app, "gpu/" + worker + "/0"));
  gui.press(*app, ImGuiKey_Enter);
  gui.frames(*app, 1);
  CHECK(app->ui().selection.worker == worker);
  CHECK(app->ui().selection.gpu == 0);
}

TEST_CASE("Esc closes the in-app paste dialog") {
  HeadlessImGui gui;
  auto app = make_app();
  gui.frames(*app, 2);
  app->open_paste_dialog();
  gui.frames(*app, 2);
  REQUIRE(app->ui().paste_open);
  gui.press(*app, ImGuiKey_Escape);
  CHECK_FALSE(app->ui().paste_open);
}

TEST_CASE("each result announces the decision line to the page") {
  HeadlessImGui gui;
  auto app = make_app();
  int announced = 0;
  host::set_native_observer([&](const std::string& m) {
    announced += m == "announce" ? 1 : 0;
    return true;
  });
  REQUIRE(app->load_example("binpack-vs-spread"));
  gui.frames(*app, 2);
  CHECK(announced == 1);
  REQUIRE(app->deploy());
  gui.frames(*app, 2);
  CHECK(announced == 2);
  gui.frames(*app, 3);  // no new result, no announcement
  CHECK(announced == 2);
  host::set_native_observer(nullptr);
}

TEST_CASE("a wheel notch scrolls about 100 pixels the platform's way") {
  const float font = 13.0f;
  // ImGui scrolls 5 x font per unit, positive = towards the top.
  const float down = imgui_wheel_units(100, WheelMode::pixel, font, 600);
  CHECK(down < 0);
  CHECK(-down * 5 * font == Approx(100));
  CHECK(imgui_wheel_units(-3, WheelMode::line, font, 600) * 5 * font == Approx(100));
  CHECK(imgui_wheel_units(1, WheelMode::page, font, 600) * 5 * font == Approx(-600));
  CHECK(imgui_wheel_units(0, WheelMode::pixel, font, 600) == 0);
}

TEST_CASE("a link keeps the open step and the selection") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  gui.frames(*app, 2);
  const std::string worker = app->scenario()["workers"][1]["name"];
  REQUIRE(app->step("fit"));
  app->select_gpu(worker, 0);
  const std::string link = app->fragment();
  CHECK(link.find("&step=fit") != std::string::npos);
  const std::string scenario = app->scenario_text();

  auto opened = make_app();
  CHECK(opened->load_fragment(link).empty());
  CHECK(opened->scenario_text() == scenario);
  CHECK(opened->current_step() == "fit");
  CHECK(opened->ui().selection.worker == worker);
  CHECK(opened->ui().selection.gpu == 0);
  // A link without a view opens on the first step; a worker the scenario lacks is not selected.
  CHECK(opened->load_fragment(split_link(link).scenario + "&step=nonsense&worker=nobody").empty());
  CHECK(opened->current_step() == "cluster");
  CHECK(opened->ui().selection.empty());
  CHECK(percent_decode(percent_encode("w 1/&%é")) == "w 1/&%é");
}

TEST_CASE("the explanation the page copies is the CLI's Markdown, of the step shown") {
  auto app = make_app();
  REQUIRE(app->load_example("scale-down-order"));
  const std::string schedule_md = app->explanation("markdown");
  CHECK(schedule_md.rfind("# Scheduling one instance", 0) == 0);
  REQUIRE(app->step("scale-down"));
  CHECK(app->explanation("markdown").rfind("# Scale-down of", 0) == 0);
  CHECK(app->explanation("text").rfind("Scale-down of", 0) == 0);
  CHECK(app->explanation("html").empty());
}

// What `placement schedule|scale-down FILE --markdown|--text` prints for the scenario's text.
std::string cli_explanation(const std::string& scenario_text, bool scale_down, bool markdown) {
  const placement::Scenario s = placement::load_scenario_text(scenario_text);
  if (scale_down) {
    const placement::ScaleDownResult r = placement::scale_down(s);
    return markdown ? placement::render_scale_down_markdown(s, r) : placement::render_scale_down_text(s, r);
  }
  const placement::ScheduleResult r = placement::schedule(s);
  return markdown ? placement::render_schedule_markdown(s, r) : placement::render_schedule_text(s, r);
}

TEST_CASE("the explanation is the CLI's for the document shown whether decided or not yet or refused") {
  for (const char* stem : {"scale-down-order", "cpu-fallback", "advise-gguf-context"}) {
    CAPTURE(stem);
    auto app = make_app();
    REQUIRE(app->load_example(stem));
    for (int round = 0; round < 2; ++round) {  // before and after the results are current
      CAPTURE(round);
      for (const bool scale_down : {false, true}) {
        REQUIRE(app->step(scale_down ? "scale-down" : "fit"));
        for (const bool markdown : {true, false})
          CHECK(app->explanation(markdown ? "markdown" : "text") == cli_explanation(app->scenario_text(), scale_down, markdown));
      }
      if (round == 0) {
        app->pump();
        REQUIRE(app->results_current());
      }
    }
    app->edit(add_worker(app->scenario()));  // not decided yet: the explanation follows the document
    REQUIRE_FALSE(app->results_current());
    REQUIRE(app->step("fit"));
    CHECK(app->explanation("markdown") == cli_explanation(app->scenario_text(), false, true));
  }
  auto app = make_app();
  REQUIRE(app->load_example("cpu-fallback"));
  Json broken = app->scenario();
  broken["workers"][0]["status"]["memory"]["total"] = "lots";
  app->edit(broken);
  const std::string said = app->explanation("text");
  CHECK(said.rfind("The scenario cannot be explained: ", 0) == 0);
  CHECK(said.find("/workers/0/status/memory/total") != std::string::npos);
}
