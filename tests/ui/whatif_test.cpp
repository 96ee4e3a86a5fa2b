// The What-if step (issue 22, item 5): the capacity line and "Deploy all", advice applied and
// undone, a pinned baseline listing what an edit changed, binpack <-> spread, a sweep; and the
// what-if service's supersede and cancel rules with an asynchronous service, as the page has.
#include <catch2/catch.hpp>

#include <deque>

#include "app/decision_line.h"
#include "app/deploy.h"
#include "app/examples.h"
#include "counting_service.h"
#include "headless_frame.h"
#include "scheduler.h"
#include "test_hooks.h"
#include "whatif/json_patch.h"
#include "whatif/whatif_json.h"

using placement::Json;
using namespace placement::ui;
using placement::ui::testing::HeadlessImGui;

namespace {

std::unique_ptr<App> make_app() { return std::make_unique<App>(make_sync_schedule_service()); }

// The app with `example` loaded and the What-if view `view` open.
std::unique_ptr<App> open_view(HeadlessImGui& gui, const std::string& example, const std::string& view,
                               std::unique_ptr<ScheduleService> service = make_sync_schedule_service()) {
  auto app = std::make_unique<App>(std::move(service));
  REQUIRE(app->load_example(example));
  REQUIRE(app->step("what-if"));
  gui.frames(*app, 2);
  REQUIRE(gui.click(*app, "whatif/" + view));
  return app;
}

std::string label_of(const std::string& id) {
  const test_hooks::Item* item = test_hooks::find(id);
  return item ? item->label : "<no item " + id + ">";
}

// Holds every job until the test answers it, as the page's worker does.
class QueuedWhatIf final : public WhatIfService {
 public:
  std::deque<WhatIfJob> jobs;
  std::vector<WhatIfKind> cancelled;
  void request(const WhatIfJob& job) override {
    wanted_[index(job.kind)] = job.id;
    jobs.push_back(job);
  }
  void cancel(WhatIfKind kind) override {
    wanted_[index(kind)] = 0;
    cancelled.push_back(kind);
  }
  // Answers the oldest job with the core's answer.
  void answer_oldest() {
    const WhatIfJob job = jobs.front();
    jobs.pop_front();
    deliver(job.kind, job.id, compute_whatif(job));
  }
};

}  // namespace

TEST_CASE("the decision line says how many more replicas fit; Deploy all places them as one undo step") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("capacity-replicas"));
  gui.frames(*app, 2);
  REQUIRE(app->whatif().current(WhatIfKind::capacity));
  const Json& answer = app->whatif().answer(WhatIfKind::capacity);
  // The app shows the core's answer for the scenario shown, the CLI's `capacity --json`.
  CHECK(answer == Json::parse(placement::whatif::capacity_json(app->scenario_text(), kCapacityLimit)));
  const int count = answer["count"].get<int>();
  REQUIRE(count > 1);
  CHECK(label_of("decision/capacity") == std::to_string(count) + " more replicas fit");

  REQUIRE(gui.click(*app, "step/what-if"));
  gui.frames(*app, 2);
  CHECK(label_of("capacity/summary") == std::to_string(count) + " more replicas fit");
  // Every replica is drawn on the canvas: the preview holds the capacity answer's placements.
  CHECK(app->whatif().preview() == answer["replicas"]);
  const std::string before = app->scenario_text();
  const long long instances = model_instance_count(app->scenario());
  const std::size_t depth = app->state().undo_depth();
  REQUIRE(gui.click(*app, "button/deploy-all"));
  gui.frames(*app, 2);
  CHECK(model_instance_count(app->scenario()) == instances + count);
  CHECK(app->state().undo_depth() == depth + 1);
  CHECK(app->results().selected() < 0);  // full
  CHECK(label_of("decision/capacity") == "no further replica fits");
  // The instances are the ones the core's what-if deploy adds.
  const auto placed = placement::whatif::deploy_replicas(Json::parse(before), count);
  CHECK(app->scenario()["model_instances"] == placed.document["model_instances"]);
  app->undo();
  CHECK(app->scenario_text() == before);
}

TEST_CASE("a suggestion previews on the canvas, applies as one undo step and undoes") {
  HeadlessImGui gui;
  auto counting = std::make_unique<testing::CountingService>();
  testing::CountingService& service = *counting;
  auto app = open_view(gui, "advise-what-would-fit", "advice", std::move(counting));
  gui.frames(*app, 2);
  REQUIRE(app->whatif().current(WhatIfKind::advise));
  const Json advice = app->whatif().answer(WhatIfKind::advise);
  REQUIRE(advice["suggestions"].size() >= 2);
  CHECK(label_of("advice/summary") == std::to_string(advice["suggestions"].size()) + " changes would make it fit");
  // Selecting a suggestion keeps its placement on the canvas.
  REQUIRE(gui.click(*app, "suggestion/1"));
  gui.frames(*app, 2);
  REQUIRE(app->whatif().preview().size() == 1);
  CHECK(app->whatif().preview()[0] == advice["suggestions"][1]["placement"]);

  const std::string before = app->scenario_text();
  const std::size_t depth = app->state().undo_depth();
  REQUIRE(gui.click(*app, "button/apply-suggestion/0"));
  gui.frames(*app, 2);
  CHECK(app->state().undo_depth() == depth + 1);
  CHECK(app->scenario() == placement::whatif::apply_patch(Json::parse(before), advice["suggestions"][0]["patch"]));
  // The scheduler puts it where the suggestion said.
  REQUIRE(app->results().selected() >= 0);
  const Json& winner = app->results().candidates()[std::size_t(app->results().selected())];
  CHECK(winner["worker_name"] == advice["suggestions"][0]["placement"]["worker_name"]);
  CHECK(winner["gpu_indexes"] == advice["suggestions"][0]["placement"]["gpu_indexes"]);
  REQUIRE(gui.click(*app, "button/undo"));
  CHECK(app->scenario_text() == before);
  // Every suggestion, its undo and its redo: the exact documents, decided as the document.
  const auto decided_as_document = [&] {
    gui.frames(*app, 1);
    CHECK(app->results_current());
    CHECK(app->result() == placement::schedule_json(app->scenario_text()));
  };
  service.typed = service.untyped = 0;
  for (std::size_t i = 0; i < advice["suggestions"].size(); ++i) {
    INFO("suggestion " << i);
    for (int f = 0; f < 4 && !app->whatif().current(WhatIfKind::advise); ++f) gui.frames(*app, 1);
    REQUIRE(app->whatif().current(WhatIfKind::advise));
    REQUIRE(app->apply_suggestion(int(i)));
    const Json after = placement::whatif::apply_patch(Json::parse(before), advice["suggestions"][i]["patch"]);
    const std::string summary = advice["suggestions"][i]["summary"].get<std::string>();
    CHECK(app->scenario().dump() == after.dump());
    CHECK(app->banner().messages().back().text == "Applied: " + summary + " (Undo takes it back)");
    decided_as_document();
    app->undo();
    CHECK(app->scenario_text() == before);
    CHECK(app->banner().messages().back().text == "Undone: " + summary);  // never "Applied" while it is not
    decided_as_document();
    app->redo();
    CHECK(app->scenario().dump() == after.dump());
    CHECK(app->banner().messages().back().text == "Redone: " + summary);
    decided_as_document();
    app->undo();
  }
  decided_as_document();
  // Every suggestion (the model, a worker's state or GPUs, an instance erased, a worker added to
  // the list) is followed on the typed Scenario: apply, undo, redo, undo, four decisions each,
  // none of them a whole load of the document.
  CHECK(service.typed == 4 * advice["suggestions"].size());
  CHECK(service.untyped == 0);
}

TEST_CASE("a pinned baseline lists what an edit changed; binpack <-> spread in one click") {
  HeadlessImGui gui;
  auto app = open_view(gui, "compare-memory-utilization", "compare");
  REQUIRE(gui.click(*app, "button/pin-baseline"));
  const std::string baseline = app->scenario_text();
  app->edit(placement::whatif::apply_patch(app->scenario(), placement::whatif::set_backend_parameter_patch(app->scenario(), "--gpu-memory-utilization", "0.6")));
  gui.frames(*app, 2);
  REQUIRE(app->whatif().current(WhatIfKind::compare));
  CHECK(app->whatif().answer(WhatIfKind::compare) == Json::parse(placement::whatif::compare_json(baseline, app->scenario_text())));
  CHECK(label_of("compare/candidate/0") == "appeared a100-1");
  // Undo back to the baseline: nothing changed.
  app->undo();
  gui.frames(*app, 2);
  CHECK(test_hooks::find("compare/candidate/0") == nullptr);
  CHECK(label_of("compare/winner").rfind("Winner unchanged", 0) == 0);

  REQUIRE(gui.click(*app, "button/compare-strategies"));
  gui.frames(*app, 2);
  CHECK(app->scenario()["model"]["placement_strategy"] == "binpack");
  CHECK(app->whatif().pinned());
  CHECK(app->whatif().current(WhatIfKind::compare));
  CHECK(app->result() == placement::schedule_json(app->scenario_text()));
  app->undo();
  CHECK(app->scenario_text() == baseline);
  gui.frames(*app, 1);
  CHECK(app->result() == placement::schedule_json(app->scenario_text()));
}

TEST_CASE("a sweep lists a row per value and follows edits") {
  HeadlessImGui gui;
  auto app = open_view(gui, "sweep-memory-utilization", "sweep");
  REQUIRE(gui.click(*app, "button/run-sweep"));
  gui.frames(*app, 2);
  REQUIRE(app->whatif().current(WhatIfKind::sweep));
  const Json& rows = app->whatif().answer(WhatIfKind::sweep)["rows"];
  CHECK(rows.size() == 6);  // the memory utilisation preset: 0.5 ... 0.95
  CHECK(test_hooks::find("sweep/5") != nullptr);
  CHECK(app->whatif().answer(WhatIfKind::sweep) ==
        Json::parse(placement::whatif::sweep_json(app->scenario_text(), app->whatif().sweep_spec)));
}

TEST_CASE("an edit supersedes a running search; a cancelled one is not asked again") {
  auto queued = std::make_unique<QueuedWhatIf>();
  QueuedWhatIf& service = *queued;
  App app(make_sync_schedule_service(), std::move(queued));
  REQUIRE(app.load_example("capacity-replicas"));
  app.pump();
  // The search is asked for once the decision has been drawn (the next frame), and the app stays
  // busy until then.
  CHECK(service.jobs.empty());
  CHECK(app.busy());
  app.pump();
  REQUIRE(service.jobs.size() >= 1);
  CHECK(app.busy());
  CHECK(decision_line(app.results(), app.results_current()).kind == DecisionLine::Kind::winner);
  // An edit before the answer: the old job's answer is dropped, the new one is shown.
  app.edit(placement::ui::deploy_replica(app.scenario(), app.results().candidates()[std::size_t(app.results().selected())]));
  app.pump();
  app.pump();
  while (service.jobs.size() > 1) service.answer_oldest();
  app.pump();
  CHECK_FALSE(app.whatif().current(WhatIfKind::capacity));
  service.answer_oldest();
  app.pump();
  REQUIRE(app.whatif().current(WhatIfKind::capacity));
  CHECK(app.whatif().answer(WhatIfKind::capacity) == Json::parse(placement::whatif::capacity_json(app.scenario_text(), kCapacityLimit)));
  CHECK_FALSE(app.busy());

  // Cancel: the service is told, nothing is asked again until the next edit.
  app.undo();
  app.pump();
  app.pump();
  REQUIRE(service.jobs.size() == 1);
  app.cancel_whatif(WhatIfKind::capacity);
  CHECK(service.cancelled == std::vector<WhatIfKind>{WhatIfKind::capacity});
  CHECK(app.whatif().was_cancelled(WhatIfKind::capacity));
  service.answer_oldest();  // arrives anyway: dropped
  app.pump();
  CHECK(service.jobs.empty());
  CHECK_FALSE(app.whatif().current(WhatIfKind::capacity));
  CHECK_FALSE(app.busy());
  app.whatif().retry(WhatIfKind::capacity);
  app.pump();
  CHECK(service.jobs.size() == 1);
}

TEST_CASE("the searches of an imported scenario are sent the imported text; after an edit, the document") {
  auto queued = std::make_unique<QueuedWhatIf>();
  QueuedWhatIf& service = *queued;
  App app(make_sync_schedule_service(), std::move(queued));
  // Text the document would never be written as (indent 3), so where each job's text came from shows.
  const std::string text = Json::parse(find_example("capacity-replicas")->text).dump(3);
  REQUIRE(app.load_scenario(text).empty());
  REQUIRE(app.step("what-if"));
  app.pin_baseline();  // compare is wanted too: two kinds asked in one pump
  app.pump();
  app.pump();
  REQUIRE(service.jobs.size() == 2);
  for (const WhatIfJob& job : service.jobs) CHECK(job.scenario == text);
  while (!service.jobs.empty()) service.answer_oldest();
  app.pump();
  REQUIRE(app.whatif().current(WhatIfKind::capacity));
  CHECK(app.whatif().answer(WhatIfKind::capacity) == Json::parse(placement::whatif::capacity_json(app.scenario().dump(), kCapacityLimit)));
  // An edit: the document as it is now, written out (once for both kinds).
  app.set(Json::json_pointer("/model/replicas"), Json(3));
  app.pump();
  app.pump();
  REQUIRE(service.jobs.size() == 2);
  for (const WhatIfJob& job : service.jobs) CHECK(job.scenario == app.scenario().dump());
  // Undo back to the imported document: a new generation, written out like any other.
  while (!service.jobs.empty()) service.answer_oldest();
  app.undo();
  app.pump();
  app.pump();
  REQUIRE_FALSE(service.jobs.empty());
  CHECK(service.jobs.back().scenario == app.scenario().dump());
}

TEST_CASE("the capacity line in words") {
  CHECK(capacity_line(Json::parse(R"({"count": 0, "stopped_by": "no_candidate"})")) == "no further replica fits");
  CHECK(capacity_line(Json::parse(R"({"count": 1, "stopped_by": "no_candidate"})")) == "1 more replica fits");
  CHECK(capacity_line(Json::parse(R"({"count": 5, "stopped_by": "no_candidate"})")) == "5 more replicas fit");
  CHECK(capacity_line(Json::parse(R"({"count": 256, "stopped_by": "limit"})")) == "256 or more replicas fit (the search stops at 256)");
  CHECK(capacity_line(Json::parse(R"({"error": {"pointer": "", "message": "x"}})")).empty());
}
