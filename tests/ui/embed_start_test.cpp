// ?embed=1 (read-only for iframes), the start panel for first-time visitors and notices that do
// not pile up (issue 23, items 4 and 7), in the headless app.
#include <catch2/catch.hpp>

#include "app/banner_state.h"
#include "app/examples.h"
#include "app/host.h"
#include "headless_frame.h"
#include "imgui.h"
#include "test_hooks.h"

using placement::Json;
using namespace placement::ui;
using placement::ui::testing::HeadlessImGui;

namespace {

std::unique_ptr<App> make_app() { return std::make_unique<App>(make_sync_schedule_service()); }

bool has_item(const std::string& id) { return test_hooks::find(id) != nullptr; }

}  // namespace

TEST_CASE("Embed mode shows no edit buttons and refuses edits, undo and keyboard edits") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("cpu-fallback"));
  app->ui().embed = true;
  gui.frames(*app, 2);
  for (const char* id : {"button/undo", "button/redo", "button/import", "button/paste-json", "button/load-gguf", "button/deploy",
                         "button/deploy-until-full", "button/scale-down", "button/reset-instances"})
    CHECK_FALSE(has_item(id));
  CHECK(has_item("button/open-in-explorer"));
  CHECK(has_item("button/save-image"));
  CHECK(has_item("button/copy-explanation"));

  const std::string before = app->scenario_text();
  Json next = app->scenario();
  next["workers"] = Json::array();
  app->edit(next);
  CHECK(app->scenario_text() == before);
  CHECK_FALSE(app->deploy());
  CHECK(app->scenario_text() == before);
  CHECK_FALSE(app->deploy_until_full());
  CHECK_FALSE(app->reset_instances());
  CHECK_FALSE(app->scale_down_to(0));
  CHECK_FALSE(app->compare_strategies());
  CHECK(app->import_json(R"({"workers": []})") == kReadOnlyEmbed);
  CHECK(app->scenario_text() == before);
  REQUIRE_FALSE(app->banner().messages().empty());
  CHECK(app->banner().messages().back().text.find("read-only") != std::string::npos);
  gui.press(*app, ImGuiKey_Z, true);
  app->undo();
  CHECK(app->scenario_text() == before);

  std::vector<std::string> calls;
  host::set_native_observer([&](const std::string& member) { calls.push_back(member); return true; });
  CHECK(gui.click(*app, "button/open-in-explorer"));
  CHECK(gui.click(*app, "button/save-image"));
  host::set_native_observer(nullptr);
  CHECK(calls == std::vector<std::string>{"openInExplorer", "saveImage"});
}

TEST_CASE("Embed mode follows a new link or loadScenario: the scenario is replaced, with no history") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("cpu-fallback"));
  const std::string link = app->fragment();
  REQUIRE(app->load_example("scale-down-order"));
  const std::string other = app->scenario_text();
  app->ui().embed = true;
  gui.frames(*app, 2);
  CHECK(app->load_fragment(link).empty());
  CHECK(app->scenario_text() != other);
  CHECK_FALSE(app->can_undo());
  CHECK(app->load_scenario(other).empty());
  CHECK(app->scenario_text() == other);
  CHECK_FALSE(app->can_undo());
  // A broken link changes nothing.
  CHECK_FALSE(app->load_fragment("v1.@@").empty());
  CHECK(app->scenario_text() == other);
  gui.frames(*app, 2);
  CHECK_FALSE(has_item("button/deploy"));
}

TEST_CASE("The full toolbar has Save image; without a page it says so") {
  HeadlessImGui gui;
  auto app = make_app();
  gui.frames(*app, 2);
  REQUIRE(gui.click(*app, "button/save-image"));
  gui.frames(*app, 1);
  REQUIRE_FALSE(app->banner().messages().empty());
  CHECK(app->banner().messages().back().text == "Save image needs the browser page");
}

TEST_CASE("The start panel lists every example; a click loads it and dismisses the panel") {
  HeadlessImGui gui;
  auto app = make_app();
  app->ui().start_panel = true;
  gui.frames(*app, 3);
  for (const ExampleScenario& e : builtin_examples()) CHECK(has_item(std::string("start/example/") + e.stem));
  CHECK(has_item("start/new-empty"));
  int dismissed = 0;
  host::set_native_observer([&](const std::string& member) { dismissed += member == "startPanelDismissed"; return true; });
  // The gallery scrolls: one of its first two entries is in view and is not the example already
  // loaded, so the click visibly changes the scenario.
  const auto& examples = builtin_examples();
  REQUIRE(examples.size() >= 2);
  const ExampleScenario& first = std::string(examples[0].stem) == kFirstExample ? examples[1] : examples[0];
  const std::string id = std::string("start/example/") + first.stem;
  REQUIRE(gui.click(*app, id));
  gui.frames(*app, 2);
  host::set_native_observer(nullptr);
  CHECK(dismissed == 1);
  CHECK_FALSE(app->ui().start_panel);
  CHECK_FALSE(has_item(id));
  CHECK(app->scenario()["description"] == Json::parse(first.text)["description"]);
}

TEST_CASE("New empty cluster keeps the model and has no workers") {
  HeadlessImGui gui;
  auto app = make_app();
  app->ui().start_panel = true;
  gui.frames(*app, 3);
  REQUIRE(gui.click(*app, "start/new-empty"));
  gui.frames(*app, 2);
  CHECK_FALSE(app->ui().start_panel);
  CHECK(app->scenario()["workers"].empty());
  CHECK(app->scenario()["model_instances"].empty());
  CHECK(app->scenario()["model"]["name"] == Json::parse(find_example(kFirstExample)->text)["model"]["name"]);
}

TEST_CASE("Notices do not pile up: one line per kind, the newest replaces") {
  BannerState b;
  b.notice("Example a loaded");
  b.notice("Example b loaded");
  b.error("bad JSON");
  b.notice("Example c loaded");
  b.error("bad link");
  b.error("bad link");
  REQUIRE(b.messages().size() == 2);
  CHECK_FALSE(b.messages()[0].error);
  CHECK(b.messages()[0].text == "Example c loaded");
  CHECK(b.messages()[1].error);
  CHECK(b.messages()[1].text == "bad link");
  CHECK(b.last_error() == "bad link");
}

TEST_CASE("A notice of an edit follows its undo step: Undone, Redone; other steps leave it") {
  struct Row {
    const char* what;
    std::vector<std::pair<char, std::uint64_t>> events;  // 'u' step undone, 'r' step redone
    const char* expected;
  };
  const std::vector<Row> rows = {
      {"its step undone", {{'u', 7}}, "Undone: swap GPU 0"},
      {"undone and redone", {{'u', 7}, {'r', 7}}, "Redone: swap GPU 0"},
      {"undone, redone, undone", {{'u', 7}, {'r', 7}, {'u', 7}}, "Undone: swap GPU 0"},
      {"another step undone", {{'u', 8}, {'r', 8}}, "Applied: swap GPU 0 (Undo takes it back)"},
      {"no step", {{'u', 0}}, "Applied: swap GPU 0 (Undo takes it back)"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.what);
    BannerState b;
    b.error("bad JSON");
    b.edit_notice("Applied: swap GPU 0 (Undo takes it back)", 7, "swap GPU 0");
    for (const auto& [kind, step] : row.events) kind == 'u' ? b.step_undone(step) : b.step_redone(step);
    REQUIRE(b.messages().size() == 2);
    CHECK(b.messages()[1].text == row.expected);
    CHECK(b.messages()[0].text == "bad JSON");  // errors are not edits
  }
  // Without a subject the notice itself is what was undone; a plain notice (step 0) never changes.
  BannerState b;
  b.edit_notice("Deployed replica 2 of 2 on w1", 3);
  b.step_undone(3);
  CHECK(b.messages().back().text == "Undone: Deployed replica 2 of 2 on w1");
  b.edit_notice("Copy link needs the browser page", 0);
  b.step_undone(0);
  CHECK(b.messages().back().text == "Copy link needs the browser page");
}
