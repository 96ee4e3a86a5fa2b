// Deploy as in GPUStack (issue 23, problem 4): a replica more each time with `replicas` following,
// Deploy until full, Reset instances; every one a single undo step. The scale-down dialog is in
// headless_ui_test.cpp.
#include <catch2/catch.hpp>

#include <functional>

#include "app/deploy.h"
#include "app/deploy_until_full.h"
#include "app/examples.h"
#include "counting_service.h"
#include "headless_frame.h"
#include "scheduler.h"
#include "test_hooks.h"

using placement::Json;
using namespace placement::ui;
using placement::ui::testing::HeadlessImGui;

namespace {

std::unique_ptr<App> make_app() { return std::make_unique<App>(make_sync_schedule_service()); }


}  // namespace

TEST_CASE("Deploy places the pending replica, then raises replicas with every further one") {
  HeadlessImGui gui;
  auto app = make_app();
  // replicas 2 with one instance: the decision is where the second (pending) replica goes.
  REQUIRE(app->load_example("binpack-vs-spread"));
  gui.frames(*app, 2);
  REQUIRE(model_replicas(app->scenario()) == 2);
  REQUIRE(model_instance_count(app->scenario()) == 1);
  REQUIRE(gui.click(*app, "button/deploy"));
  CHECK(model_instance_count(app->scenario()) == 2);
  CHECK(model_replicas(app->scenario()) == 2);
  gui.frames(*app, 1);
  REQUIRE(app->results().selected() >= 0);
  REQUIRE(gui.click(*app, "button/deploy"));
  CHECK(model_instance_count(app->scenario()) == 3);
  CHECK(model_replicas(app->scenario()) == 3);  // never "3 of 2 replicas"
  // Scale down right after removes one instance, not all deployed ones.
  gui.frames(*app, 1);
  REQUIRE(app->scale_down_to(2));
  CHECK(model_instance_count(app->scenario()) == 2);
  CHECK(model_replicas(app->scenario()) == 2);
}

TEST_CASE("Deploy is one undo step; undo and redo give back the exact documents and decide them") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  gui.frames(*app, 2);
  std::vector<Json> docs{app->scenario()};
  for (int i = 0; i < 2; ++i) {
    REQUIRE(app->results().selected() >= 0);
    const std::size_t depth = app->state().undo_depth();
    const Json expected = deploy_replica(app->scenario(), *app->results().typed_candidate(std::size_t(app->results().selected())));
    REQUIRE(app->deploy());
    CHECK(app->state().undo_depth() == depth + 1);
    CHECK(app->scenario() == expected);
    gui.frames(*app, 1);
    // The decision after Deploy (from the patched typed Scenario) is the document's own.
    CHECK(app->result() == placement::schedule_json(app->scenario().dump(2)));
    docs.push_back(app->scenario());
  }
  app->undo();
  CHECK(app->scenario() == docs[1]);
  app->undo();
  CHECK(app->scenario() == docs[0]);
  app->redo();
  app->redo();
  CHECK(app->scenario() == docs[2]);
  gui.frames(*app, 1);
  CHECK(app->result() == placement::schedule_json(app->scenario().dump(2)));
}

TEST_CASE("Deploy until full deploys until no candidate fits, as one undo step") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  gui.frames(*app, 2);
  const std::string before = app->scenario_text();
  const std::size_t depth = app->state().undo_depth();
  REQUIRE(gui.click(*app, "button/deploy-until-full"));
  gui.frames(*app, 1);
  CHECK(app->state().undo_depth() == depth + 1);
  CHECK(app->results_current());
  CHECK(app->results().selected() < 0);  // full: nothing fits any more
  const long long instances = model_instance_count(app->scenario());
  CHECK(instances > 2);
  CHECK(model_replicas(app->scenario()) == instances);
  // The same as pressing Deploy until it is disabled.
  auto one_by_one = make_app();
  REQUIRE(one_by_one->load_example("binpack-vs-spread"));
  gui.frames(*one_by_one, 1);
  while (one_by_one->results().selected() >= 0) {
    REQUIRE(one_by_one->deploy());
    gui.frames(*one_by_one, 1);
  }
  CHECK(one_by_one->scenario() == app->scenario());
  app->undo();
  CHECK(app->scenario_text() == before);
}

TEST_CASE("Deploy until full stops at its cap") {
  const Json doc = Json::parse(find_example("binpack-vs-spread")->text);
  const FillOutcome o = deploy_until_full(doc, 2);
  CHECK(o.deployed == 2);
  CHECK(o.capped);
  CHECK(model_instance_count(o.document) == model_instance_count(doc) + 2);
  const FillOutcome none = deploy_until_full(Json::parse(find_example("nothing-fits")->text));
  CHECK(none.deployed == 0);
  CHECK_FALSE(none.capped);
  CHECK(none.error.empty());
}

TEST_CASE("Reset instances goes back to the scenario as loaded, keeping other edits, in one undo step") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("scale-down-order"));
  gui.frames(*app, 2);
  const Json loaded = app->scenario();
  CHECK_FALSE(app->reset_instances());  // nothing to reset
  // Edits of other parts stay; instances and replicas go back.
  Json edited = app->scenario();
  edited["model"]["name"] = "renamed";
  app->edit(edited);
  gui.frames(*app, 1);
  REQUIRE(app->scale_down_to(1));
  gui.frames(*app, 1);
  REQUIRE(app->deploy());
  gui.frames(*app, 1);
  const std::size_t depth = app->state().undo_depth();
  REQUIRE(gui.click(*app, "button/reset-instances"));
  CHECK(app->state().undo_depth() == depth + 1);
  CHECK(app->scenario()["model_instances"] == loaded["model_instances"]);
  CHECK(app->scenario()["model"]["replicas"] == loaded["model"]["replicas"]);
  CHECK(app->scenario()["model"]["name"] == "renamed");
}

TEST_CASE("Reset instances after an import goes back to the imported scenario, not the one before") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("scale-down-order"));
  gui.frames(*app, 1);
  REQUIRE(app->deploy());  // the first scenario's baseline is taken at this edit
  gui.frames(*app, 1);
  REQUIRE(app->load_scenario(find_example("binpack-vs-spread")->text).empty());
  gui.frames(*app, 1);
  const Json imported = app->scenario();
  CHECK_FALSE(app->reset_instances());  // nothing to reset: the import is the baseline
  REQUIRE(app->deploy());
  gui.frames(*app, 1);
  REQUIRE(app->reset_instances());
  CHECK(app->scenario() == imported);
}

TEST_CASE("Reset instances after an import and edits reads the imported text; the next load replaces it") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_scenario(find_example("binpack-vs-spread")->text).empty());
  gui.frames(*app, 1);
  const Json imported = app->scenario();
  // Two edits before any reset: the baseline is read from the imported text only at the reset.
  REQUIRE(app->deploy());
  gui.frames(*app, 1);
  REQUIRE(app->deploy());
  gui.frames(*app, 1);
  REQUIRE(app->scenario()["model_instances"].size() == imported["model_instances"].size() + 2);
  REQUIRE(app->reset_instances());
  CHECK(app->scenario() == imported);
  // Another scenario shown: its instances are the baseline now, not the imported text's.
  REQUIRE(app->load_example("scale-down-order"));
  gui.frames(*app, 1);
  const Json example = app->scenario();
  REQUIRE(app->deploy());
  gui.frames(*app, 1);
  REQUIRE(app->reset_instances());
  CHECK(app->scenario()["model_instances"] == example["model_instances"]);
  CHECK(app->scenario()["model"]["replicas"] == example["model"]["replicas"]);
}

TEST_CASE("scale_down_to and reset_instances edit only what they say") {
  const Json doc = Json::parse(find_example("scale-down-order")->text);
  const Json ids = Json::array({doc["model_instances"][0]["id"]});
  const Json down = scale_down_to(doc, ids, 2);
  CHECK(down["model_instances"].size() == doc["model_instances"].size() - 1);
  CHECK(down["model"]["replicas"] == 2);
  CHECK(down["scale_down"]["replicas"] == 2);
  CHECK(reset_instances(down, instances_baseline(doc)) ==
        [&] {
          Json d = down;
          d["model_instances"] = doc["model_instances"];
          d["model"]["replicas"] = doc["model"]["replicas"];
          return d;
        }());
}

TEST_CASE("an instance's worker is shown by name, from its worker_id when it has no worker_name") {
  const Json doc = Json::parse(find_example("binpack-vs-spread")->text);
  Json inst = {{"id", 1}, {"worker_id", doc["workers"][1]["id"]}};
  CHECK(worker_name_of(doc, inst) == doc["workers"][1]["name"]);
  inst["worker_name"] = "named";
  CHECK(worker_name_of(doc, inst) == "named");
  CHECK(worker_name_of(doc, Json{{"worker_id", 999}}) == "999");
  CHECK(worker_name_of(doc, Json::object()) == "-");
}

TEST_CASE("removing a worker, scaling down, resetting and filling are one undo step each, decided as the document") {
  HeadlessImGui gui;
  int checked = 0, typed = 0, untyped = 0;
  for (const ExampleScenario& example : builtin_examples()) {
    auto counting = std::make_unique<testing::CountingService>();
    testing::CountingService& service = *counting;
    auto app = std::make_unique<App>(std::move(counting));
    REQUIRE(app->load_example(example.stem));
    gui.frames(*app, 2);
    service.typed = service.untyped = 0;
    std::vector<Json> docs{app->scenario()};
    const std::vector<std::pair<const char*, std::function<bool()>>> edits = {
        {"remove worker", [&] { return app->remove_worker(0); }},
        {"deploy until full", [&] { return app->deploy_until_full(); }},
        {"scale down", [&] { return app->scale_down_to(std::max(0LL, model_instance_count(app->scenario()) - 1)); }},
        {"reset", [&] { return app->reset_instances(); }},
    };
    const auto decided_as_document = [&] {
      gui.frames(*app, 1);
      CHECK(app->results_current());
      CHECK(app->result() == placement::schedule_json(app->scenario().dump(2)));
      CHECK(app->scale_down_result() == placement::scale_down_json(app->scenario().dump(2)));
    };
    for (const auto& [name, edit] : edits) {
      INFO(example.stem << ": " << name);
      const std::size_t depth = app->state().undo_depth();
      if (!edit()) continue;
      CHECK(app->state().undo_depth() == depth + 1);
      decided_as_document();
      docs.push_back(app->scenario());
      ++checked;
    }
    INFO(example.stem);
    for (std::size_t i = docs.size() - 1; i-- > 0;) {
      app->undo();
      CHECK(app->scenario().dump() == docs[i].dump());
      decided_as_document();
    }
    for (std::size_t i = 1; i < docs.size(); ++i) {
      app->redo();
      CHECK(app->scenario().dump() == docs[i].dump());
      decided_as_document();
    }
    typed += service.typed, untyped += service.untyped;
  }
  CHECK(checked > 20);
  // Every edit, its undo and its redo is decided from the typed Scenario it patched (no example
  // has a worker whose state the loader warns about), none from the document loaded again.
  CHECK(typed == 3 * checked);
  CHECK(untyped == 0);
}
