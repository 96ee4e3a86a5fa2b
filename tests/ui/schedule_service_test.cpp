// The schedule service: decisions from the scenario's tree equal the core's text calls byte for
// byte; only a scenario that may search long is offered to the page's worker; edits coalesce and
// stale answers are dropped.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/app.h"
#include "app/deploy.h"
#include "app/examples.h"
#include "app/filter_drops.h"
#include "app/host.h"
#include "app/results.h"
#include "app/schedule_service.h"
#include "app/worker_edits.h"
#include "estimate_handoff.h"
#include "scheduler.h"
#include "scenario_files.h"

using placement::Json;
using namespace placement::ui;
using placement::ui::test::read_text;
using placement::ui::test::scenario_files;

namespace {

std::size_t member_size(const Json& doc, const char* key) { return doc.contains(key) ? doc[key].size() : 0; }
Json member_or_empty(const Json& doc, const char* key) { return doc.contains(key) ? doc[key] : Json::array(); }
Json member_or_object(const Json& doc, const char* key) { return doc.contains(key) ? doc[key] : Json::object(); }

bool same_rows(const std::vector<ScaleDownRow>& a, const std::vector<ScaleDownRow>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].instance_id != b[i].instance_id || a[i].name != b[i].name || a[i].scores != b[i].scores || a[i].score != b[i].score ||
        a[i].deleted != b[i].deleted)
      return false;
  return true;
}

// Counts the page's peHost.schedule calls; the page accepts every one (as the worker would).
struct PageThatAccepts {
  int requests = 0;
  PageThatAccepts() {
    host::set_native_observer([this](const std::string& member) {
      requests += member == "schedule";
      return member == "schedule";
    });
  }
  ~PageThatAccepts() { host::set_native_observer(nullptr); }
};

}  // namespace

TEST_CASE("a decision from the scenario's tree equals schedule_json / scale_down_json of its text") {
  const auto files = scenario_files();
  REQUIRE(files.size() > 100);
  int with_drops = 0;  // the filter drops (read from the trace's events) are checked on real drops
  int with_ranking = 0;
  for (const auto& file : files) {
    INFO(file.filename().string());
    const Json doc = Json::parse(read_text(file), nullptr, false);
    if (doc.is_discarded()) continue;  // a case about unparsable text: the app never holds one
    const std::string text = doc.dump(2);
    const Results r = take_results(compute_answer(7, doc));
    CHECK(r.generation == 7);
    const Json expected = Json::parse(placement::schedule_json(text));
    // The winner alone, as the decision line and the canvas read it, before the whole list; the
    // canvas's filter drops from the typed trace, before the trace is built.
    if (r.selected() >= 0) CHECK(r.candidate(std::size_t(r.selected())) == expected["candidates"][std::size_t(r.selected())]);
    CHECK(r.filter_drops() == filter_drops(member_or_object(expected, "trace")));
    if (!r.filter_drops().empty()) ++with_drops;
    CHECK(r.strategy() == expected.value("strategy", Json(nullptr)));
    CHECK(r.candidate_count() == member_size(expected, "candidates"));
    // Each section the stepper's panels draw, built alone, before the whole trace.
    const Json& expected_trace = member_or_object(expected, "trace");
    for (const auto& [name, value] : expected_trace.items()) CHECK(r.trace_section(name) == value);
    CHECK(r.trace_section("no-such-section").is_null());
    // Deploy builds the same instance from the typed candidate as from its JSON.
    for (std::size_t i = 0; i < r.candidate_count(); ++i) {
      REQUIRE(r.typed_candidate(i));
      CHECK(instance_from_candidate(doc, *r.typed_candidate(i)) == instance_from_candidate(doc, expected["candidates"][i]));
    }
    CHECK(r.candidates() == member_or_empty(expected, "candidates"));
    CHECK(r.schedule() == expected);
    // The scale-down step's rows and trace sections, typed before the document is built, equal
    // what an answer of the page's worker (the core's texts) gives.
    const Results from_texts = take_results(answer_from_texts(7, placement::schedule_json(text), placement::scale_down_json(text)));
    CHECK(same_rows(r.scale_down_ranking(), from_texts.scale_down_ranking()));
    for (const char* section : {"quirks", "warnings", "error"})
      CHECK(r.scale_down_trace_section(section) == from_texts.scale_down_trace_section(section));
    if (!from_texts.scale_down_ranking().empty()) ++with_ranking;
    CHECK(r.scale_down() == Json::parse(placement::scale_down_json(text)));
    // What result() and scaleDownResult() give: rendered from the documents, or the core's own
    // text when it refused the scenario.
    CHECK(r.schedule_text() == placement::schedule_json(text));
    CHECK(r.scale_down_text() == placement::scale_down_json(text));
  }
  CHECK(with_drops >= 10);
  CHECK(with_ranking >= 10);
}

TEST_CASE("a scenario the core refuses is answered with the core's own error text") {
  Json doc = Json::parse(find_example("binpack-vs-spread")->text);
  doc["model"]["replicas"] = "two";
  const Results r = take_results(compute_answer(3, doc));
  CHECK(r.schedule_text() == placement::schedule_json(doc.dump(2)));
  CHECK(r.scale_down_text() == placement::scale_down_json(doc.dump(2)));
  CHECK(r.input_error().find("(at /model/replicas)") != std::string::npos);
  CHECK(r.candidate_count() == 0);
  CHECK(r.selected() == -1);
}

TEST_CASE("only a scenario with a GGUF profile may search long") {
  struct Row {
    const char* example;
    bool long_search;
  };
  const Row rows[] = {{"binpack-vs-spread", false}, {"distributed-vllm", false}, {"gguf-partial-offload", false},
                     {"advise-gguf-context", true}, {"cpu-fallback", false}};
  for (const Row& r : rows) {
    INFO(r.example);
    const ExampleScenario* e = find_example(r.example);
    REQUIRE(e);
    CHECK(may_search_long(Json::parse(e->text)) == r.long_search);
  }
  CHECK_FALSE(may_search_long(Json::array()));
  CHECK_FALSE(may_search_long(Json{{"estimates", {{"gguf_profile", nullptr}}}}));
  CHECK(may_search_long(Json{{"estimates", {{"gguf_profile", Json::object()}}}}));
  // Recorded gguf-parser output is looked up: the worker would save the main thread nothing.
  CHECK_FALSE(may_search_long(Json{{"estimates", {{"gguf_parser", Json::object()}}}}));
}

TEST_CASE("decided with the worker's GGUF estimates, the answer is the core's") {
  // Every example and case with a GGUF profile, as the page's worker and then the app decide it.
  std::vector<std::pair<std::string, Json>> docs;
  for (const auto& path : scenario_files()) {
    const Json doc = Json::parse(read_text(path), nullptr, false);
    if (!doc.is_discarded() && may_search_long(doc)) docs.emplace_back(path.string(), doc);
  }
  REQUIRE(!docs.empty());
  // The first of them with its workers twelve times over: a search over many GPUs.
  Json many = docs.front().second;
  const Json workers = many["workers"];
  for (int k = 1; k < 12; ++k)
    for (Json w : workers) {
      w["id"] = w["id"].get<long long>() + 1000 * k;
      w["name"] = w["name"].get<std::string>() + "-" + std::to_string(k);
      many["workers"].push_back(w);
    }
  docs.emplace_back("twelve times over", many);
  int with_estimates = 0;
  for (const auto& [name, doc] : docs) {
    INFO(name);
    const std::string compact = doc.dump();
    const placement::WorkerAnswer worker = placement::decide_for_main_thread(compact);
    REQUIRE(worker.estimates);
    placement::GgufEstimateMemo memo = placement::GgufEstimateMemo::decode(*worker.estimates);
    with_estimates += memo.size() > 0;
    const Results r = take_results(compute_answer(5, compact, nullptr, &memo));
    CHECK(r.schedule_text() == placement::schedule_json(doc.dump(2)));
    CHECK(r.scale_down_text() == placement::scale_down_json(doc.dump(2)));
  }
  CHECK(with_estimates == static_cast<int>(docs.size()));
}

TEST_CASE("a scenario that cannot search long is decided at once, even when the page would take it") {
  PageThatAccepts page;
  App app(make_host_schedule_service());
  app.pump();
  app.edit(add_worker(app.scenario()));
  app.pump();
  CHECK(page.requests == 0);
  CHECK(app.results_current());
  app.pump();  // the what-if searches are asked for once the decision is drawn
  CHECK_FALSE(app.busy());
  CHECK(app.result() == placement::schedule_json(app.scenario_text()));
  CHECK(app.scale_down_result() == placement::scale_down_json(app.scenario_text()));
}

TEST_CASE("edits coalesce into one recompute per pump; stale answers are dropped") {
  PageThatAccepts page;
  App app(make_host_schedule_service());
  REQUIRE(app.load_example("advise-gguf-context"));  // a GGUF profile: offered to the page's worker
  app.pump();
  REQUIRE(page.requests == 1);
  const std::uint64_t first = app.generation();
  app.edit(add_worker(app.scenario()));
  app.edit(add_worker(app.scenario()));
  app.edit(add_worker(app.scenario()));
  CHECK(app.busy());
  app.pump();
  CHECK(page.requests == 2);  // three edits, one request
  const std::uint64_t second = app.generation();
  app.deliver_result(first, "{\"candidates\": []}", "{}");  // superseded
  app.pump();
  CHECK_FALSE(app.results_current());
  CHECK(app.busy());
  // result() never waits: it answers from the core directly while the worker is busy.
  CHECK(app.result() == placement::schedule_json(app.scenario_text()));
  const std::string schedule_text = placement::schedule_json(app.scenario_text());
  app.deliver_result(second, schedule_text, placement::scale_down_json(app.scenario_text()));
  app.pump();
  CHECK(app.results_current());
  app.pump();  // the what-if searches are asked for once the decision is drawn
  CHECK_FALSE(app.busy());
  CHECK(app.results().schedule_text() == schedule_text);
  CHECK(app.result() == schedule_text);
  CHECK(page.requests == 2);
}

TEST_CASE("the worker's GGUF estimates: the newest request is decided with them, typed; stale ones and late ones are dropped") {
  PageThatAccepts page;
  App app(make_host_schedule_service());
  REQUIRE(app.load_example("advise-gguf-context"));
  app.pump();
  REQUIRE(page.requests == 1);
  const std::uint64_t first = app.generation();
  const placement::WorkerAnswer first_answer = placement::decide_for_main_thread(app.scenario().dump());
  app.edit(add_worker(app.scenario()));
  app.pump();
  REQUIRE(page.requests == 2);
  const placement::WorkerAnswer second_answer = placement::decide_for_main_thread(app.scenario().dump());
  REQUIRE(first_answer.estimates);
  REQUIRE(second_answer.estimates);
  app.deliver_estimates(first, *first_answer.estimates);  // superseded
  app.pump();
  CHECK_FALSE(app.results_current());
  app.deliver_estimates(app.generation(), *second_answer.estimates);
  app.pump();
  REQUIRE(app.results_current());
  CHECK(app.results().scenario() != nullptr);  // typed: the panels read the core's records
  CHECK(app.result() == placement::schedule_json(app.scenario_text()));
  CHECK(app.scale_down_result() == placement::scale_down_json(app.scenario_text()));

  // Bytes that are no memo: the request is decided without them, the same answer.
  app.edit(add_worker(app.scenario()));
  app.pump();
  REQUIRE(page.requests == 3);
  app.deliver_estimates(app.generation(), "not a memo");
  app.pump();
  REQUIRE(app.results_current());
  CHECK(app.results().scenario() != nullptr);
  CHECK(app.result() == placement::schedule_json(app.scenario_text()));

  // A memo past its budget: the worker sends the texts it decided, which end the request;
  // estimates arriving after them are ignored.
  app.edit(add_worker(app.scenario()));
  app.pump();
  REQUIRE(page.requests == 4);
  const placement::WorkerAnswer texts = placement::decide_for_main_thread(app.scenario().dump(), 1);
  const placement::WorkerAnswer late = placement::decide_for_main_thread(app.scenario().dump());
  REQUIRE_FALSE(texts.estimates);
  REQUIRE(late.estimates);
  app.deliver_result(app.generation(), texts.schedule_text, texts.scale_down_text);
  app.deliver_estimates(app.generation(), *late.estimates);
  app.pump();
  REQUIRE(app.results_current());
  CHECK(app.results().scenario() == nullptr);  // the texts' answer stands
  CHECK(app.result() == texts.schedule_text);
  CHECK(app.result() == placement::schedule_json(app.scenario_text()));
}

TEST_CASE("a loaded scenario is decided from the Scenario its check made, as the core decides its text") {
  App app(make_sync_schedule_service());
  for (const auto& file : scenario_files()) {
    INFO(file.filename().string());
    if (!app.load_scenario(read_text(file)).empty()) continue;  // refused: nothing to decide
    app.pump();
    REQUIRE(app.results_current());
    CHECK(app.result() == placement::schedule_json(app.scenario_text()));
    CHECK(app.scale_down_result() == placement::scale_down_json(app.scenario_text()));
  }
}
