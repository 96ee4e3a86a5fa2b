// The whole app with no rendering backend: every example, every step and panel, many frames;
// clicks at the recorded rectangles (workers, GPUs, buttons); deploy, undo/redo; and bad input
// of every kind (scenario JSON, paste, GGUF, link) leaving the scenario untouched.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "app/examples.h"
#include "app/host.h"
#include "headless_frame.h"
#include "imgui.h"
#include "scheduler.h"
#include "share/fragment_codec.h"
#include "test_hooks.h"

using placement::Json;
using namespace placement::ui;
using placement::ui::testing::HeadlessImGui;

namespace {

std::unique_ptr<App> make_app() { return std::make_unique<App>(make_sync_schedule_service()); }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string first_gpu_item(const Json& scenario) {
  for (const auto& w : scenario["workers"]) {
    const Json gpus = w["status"].value("gpu_devices", Json::array());
    if (!gpus.empty()) return "gpu/" + w["name"].get<std::string>() + "/" + std::to_string(gpus[0]["index"].get<int>());
  }
  return "";
}

}  // namespace

TEST_CASE("every example renders every step for many frames") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(builtin_examples().size() >= 7);
  for (const ExampleScenario& e : builtin_examples()) {
    INFO("example " << e.stem);
    REQUIRE(app->load_example(e.stem));
    for (Step s : kSteps) {
      INFO("step " << step_name(s));
      REQUIRE(app->step(step_name(s)));
      gui.frames(*app, 4);
      CHECK(app->results_current());
      CHECK(app->results().input_error().empty());
      CHECK(gui.last_vertex_count() > 1000);
      CHECK(test_hooks::find(std::string("step/") + step_name(s)) != nullptr);
      for (const auto& w : app->scenario()["workers"]) CHECK(test_hooks::find("worker/" + w["name"].get<std::string>()) != nullptr);
      if ((s == Step::fit || s == Step::scoring) && !app->results().candidates().empty()) CHECK(test_hooks::find("candidate/0") != nullptr);
    }
    // The decision shown is the core's, byte for byte.
    CHECK(app->result() == placement::schedule_json(app->scenario_text()));
    CHECK(app->scale_down_result() == placement::scale_down_json(app->scenario_text()));
  }
  CHECK_FALSE(app->step("no-such-step"));
}

TEST_CASE("every example is in the examples menu with its id") {
  HeadlessImGui gui;
  auto app = make_app();
  gui.frames(*app, 2);
  REQUIRE(gui.click(*app, "Examples"));
  gui.frames(*app, 1);
  for (const ExampleScenario& e : builtin_examples()) CHECK(test_hooks::find(std::string("example/") + e.stem) != nullptr);
  const std::string stem = builtin_examples().back().stem;
  REQUIRE(gui.click(*app, "example/" + stem));
  gui.frames(*app, 2);
  CHECK(app->scenario() == Json::parse(find_example(stem)->text));
}

TEST_CASE("clicking a worker and a GPU by their rectangles selects them; why-not-here renders") {
  HeadlessImGui gui;
  auto app = make_app();
  for (const ExampleScenario& e : builtin_examples()) {
    INFO("example " << e.stem);
    REQUIRE(app->load_example(e.stem));
    gui.frames(*app, 3);
    const std::string worker = app->scenario()["workers"][0]["name"];
    REQUIRE(gui.click(*app, "worker/" + worker));
    CHECK(app->ui().selection.worker == worker);
    CHECK_FALSE(app->ui().selection.gpu.has_value());
    const std::string gpu = first_gpu_item(app->scenario());
    if (gpu.empty()) continue;
    REQUIRE(gui.click(*app, gpu));
    CHECK(app->ui().selection.gpu.has_value());
    CHECK("gpu/" + app->ui().selection.worker + "/" + std::to_string(*app->ui().selection.gpu) == gpu);
    gui.frames(*app, 2);
  }
}

// The worker editor and the instance table read the scenario by reference and stop at the first
// edit (the edit replaces what they read); frames after each edit must still draw everything.
TEST_CASE("editing from the worker list and the instance table, then drawing on") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  gui.frames(*app, 2);
  const std::size_t workers = app->scenario()["workers"].size();
  REQUIRE(gui.click(*app, "button/add-worker"));
  CHECK(app->scenario()["workers"].size() == workers + 1);
  gui.frames(*app, 3);
  CHECK(test_hooks::find("worker/" + app->scenario()["workers"].back()["name"].get<std::string>()) != nullptr);
  const Json instances = app->scenario()["model_instances"];
  REQUIRE(instances.size() >= 2);
  REQUIRE(gui.click(*app, "instance/1/remove"));
  Json expected = instances;
  expected.erase(1);
  CHECK(app->scenario()["model_instances"] == expected);
  gui.frames(*app, 3);
  CHECK(app->results_current());
  app->undo();
  gui.frames(*app, 2);
  CHECK(app->scenario()["model_instances"] == instances);
}

// The canvas draws the typed Scenario: what the loader read (the older system_reserved spelling,
// a GPU's memory.used), and while the loader refuses the document as edited, the cluster as it
// last read it, saying so.
TEST_CASE("the canvas draws the cluster as the loader read it, and keeps it while an edit is refused") {
  HeadlessImGui gui;
  auto app = make_app();
  Json doc = Json::parse(find_example("binpack-vs-spread")->text);
  doc["workers"][0]["system_reserved"] = Json{{"memory", 3LL << 30}, {"gpu_memory", 1LL << 30}};
  doc["workers"][0]["status"]["gpu_devices"][0]["memory"]["used"] = 5LL << 30;
  REQUIRE(app->load_scenario(doc.dump()).empty());
  gui.frames(*app, 2);
  const placement::Scenario* drawn = app->drawn_scenario();
  REQUIRE(drawn);
  CHECK(drawn->workers[0].reserved_ram == 3LL << 30);
  CHECK(drawn->workers[0].reserved_vram == 1LL << 30);
  CHECK(drawn->workers[0].gpus[0].memory_used == std::optional<placement::Bytes>(5LL << 30));
  CHECK(app->drawn_is_current());
  CHECK(test_hooks::find("note/canvas-last-read") == nullptr);
  const std::string first = doc["workers"][0]["name"], second = doc["workers"][1]["name"];
  // The second worker renamed as the first: the loader refuses the document.
  app->set(Json::json_pointer("/workers/1/name"), Json(first));
  gui.frames(*app, 2);
  CHECK_FALSE(app->drawn_is_current());
  CHECK_FALSE(app->results().input_error().empty());
  CHECK(test_hooks::find("note/canvas-last-read") != nullptr);
  CHECK(test_hooks::find("worker/" + second) != nullptr);
  CHECK(app->drawn_scenario()->workers[1].name == second);
  app->undo();
  gui.frames(*app, 2);
  CHECK(app->drawn_is_current());
  CHECK(test_hooks::find("note/canvas-last-read") == nullptr);
  CHECK(app->results().input_error().empty());
}

TEST_CASE("manual GPU selection: a click toggles the GPU in gpu_selector.gpu_ids") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  gui.frames(*app, 2);
  app->ui().manual_gpu_mode = true;
  REQUIRE(gui.click(*app, "gpu/gpu-b/1"));
  const Json ids = app->scenario()["model"]["gpu_selector"]["gpu_ids"];
  CHECK(ids == Json::array({"gpu-b:cuda:1"}));
  gui.frames(*app, 2);
  REQUIRE(gui.click(*app, "gpu/gpu-b/1"));
  const Json& model = app->scenario()["model"];
  const bool still_selected =
      model.contains("gpu_selector") && model["gpu_selector"].is_object() && model["gpu_selector"].contains("gpu_ids");
  CHECK_FALSE(still_selected);
}

TEST_CASE("Deploy applies the winner as a running instance and schedules the next replica; undo/redo") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  gui.frames(*app, 2);
  const std::string before = app->scenario_text();
  const std::size_t instances = app->scenario()["model_instances"].size();
  const Json winner = app->results().candidates()[std::size_t(app->results().selected())];
  REQUIRE(gui.click(*app, "button/deploy"));
  gui.frames(*app, 2);
  const Json& added = app->scenario()["model_instances"].back();
  REQUIRE(app->scenario()["model_instances"].size() == instances + 1);
  CHECK(added["state"] == "running");
  CHECK(added["worker_name"] == winner["worker_name"]);
  CHECK(added["gpu_indexes"] == winner["gpu_indexes"]);
  CHECK(added["computed_resource_claim"] == winner["computed_resource_claim"]);
  CHECK(app->results_current());
  const std::string after = app->scenario_text();
  // The next replica is scheduled against the new load.
  CHECK(app->result() == placement::schedule_json(after));
  CHECK(app->result() != placement::schedule_json(before));

  REQUIRE(gui.click(*app, "button/undo"));
  CHECK(app->scenario_text() == before);
  REQUIRE(gui.click(*app, "button/redo"));
  CHECK(app->scenario_text() == after);
  // Deploying until nothing fits leaves Deploy disabled rather than failing.
  for (int i = 0; i < 12 && app->results().selected() >= 0; ++i) {
    REQUIRE(app->deploy());
    gui.frames(*app, 1);
  }
  CHECK(app->results().selected() < 0);
  CHECK_FALSE(app->deploy());
}

TEST_CASE("Scale down... previews GPUStack's order and removes exactly those instances") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("scale-down-order"));
  gui.frames(*app, 2);
  const Json ranking = Json::parse(app->scale_down_result())["ranking"];
  REQUIRE(ranking.size() == 3);
  REQUIRE(gui.click(*app, "button/scale-down"));
  // The dialog proposes the scenario's scale_down target (1) and lists the two lowest-ranked.
  CHECK(app->ui().scale_down_target == 1);
  REQUIRE(test_hooks::find("button/scale-down-apply") != nullptr);
  const auto goes = app->scale_down_preview(1);
  REQUIRE(goes.size() == 2);
  for (std::size_t i = 0; i < goes.size(); ++i) {
    CHECK(goes[i].instance_id == ranking[i]["instance_id"].get<std::int64_t>());
    CHECK(goes[i].name == ranking[i]["name"].get<std::string>());
    CHECK(goes[i].score == ranking[i]["score"].get<double>());
    CHECK(goes[i].deleted);  // the scenario's target is 1: the ranking's delete list names them too
  }
  const std::size_t before = app->scenario()["model_instances"].size();
  const std::size_t undo_depth = app->state().undo_depth();
  REQUIRE(gui.click(*app, "button/scale-down-apply"));
  CHECK(app->scenario()["model_instances"].size() == before - 2);
  for (const auto& inst : app->scenario()["model_instances"]) {
    CHECK(inst["id"] != ranking[0]["instance_id"]);
    CHECK(inst["id"] != ranking[1]["instance_id"]);
  }
  CHECK(app->scenario()["model"]["replicas"] == 1);
  CHECK(app->state().undo_depth() == undo_depth + 1);
  gui.frames(*app, 2);
  CHECK(test_hooks::find("button/scale-down-apply") == nullptr);  // the dialog closed
  // Esc closes it unchanged.
  app->undo();
  gui.frames(*app, 2);
  REQUIRE(gui.click(*app, "button/scale-down"));
  REQUIRE(test_hooks::find("button/scale-down-apply") != nullptr);
  const std::string shown = app->scenario_text();
  gui.press(*app, ImGuiKey_Escape);
  gui.frames(*app, 1);
  CHECK(test_hooks::find("button/scale-down-apply") == nullptr);
  CHECK(app->scenario_text() == shown);
}

TEST_CASE("toolbar buttons without a page fall back inside the app") {
  HeadlessImGui gui;
  auto app = make_app();
  std::vector<std::string> calls;
  host::set_native_observer([&](const std::string& m) {
    if (m == "announce") return false;  // the decision line after each result (keyboard_test.cpp)
    calls.push_back(m);
    return m == "copyLink";  // the page would copy; everything else unhandled
  });
  gui.frames(*app, 2);
  REQUIRE(gui.click(*app, "button/copy-link"));
  REQUIRE(gui.click(*app, "button/paste-json"));
  CHECK(app->ui().paste_open);
  gui.frames(*app, 2);
  CHECK(test_hooks::find("Import") != nullptr);
  REQUIRE(gui.click(*app, "button/load-gguf"));
  REQUIRE(gui.click(*app, "button/export"));
  REQUIRE(gui.click(*app, "button/import"));
  app->edit(Json::parse(find_example("cpu-fallback")->text));
  host::set_native_observer(nullptr);
  CHECK(calls == std::vector<std::string>{"copyLink", "openPasteDialog", "openGgufPicker", "downloadScenario", "openScenarioPicker", "scenarioChanged"});
}

TEST_CASE("bad input of every kind shows an error and leaves the scenario untouched") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  app->edit(Json::parse(find_example("distributed-vllm")->text));  // some history to keep
  gui.frames(*app, 2);
  const std::string before = app->scenario_text();
  const std::size_t undo = app->state().undo_depth();
  const std::string malformed = PE_SOURCE_DIR "/tests/data/gguf/malformed/";
  const std::string bad_magic = read_file(malformed + "bad-magic.gguf");
  const std::string truncated = read_file(malformed + "array-length-overflow.gguf");
  const std::string link_of_bad_scenario = placement::share::encode_fragment(R"({"workers": [{"id": 1}]})");

  struct Row {
    const char* what;
    std::function<std::string()> feed;  // returns the error the caller sees
    const char* says;                   // part of the message
  };
  const std::vector<Row> rows = {
      {"invalid JSON", [&] { return app->load_scenario("{\"workers\": [1,"); }, "byte"},
      {"a number beyond double's range", [&] { return app->load_scenario(R"({"workers": [], "x": 1e999})"); }, "invalid JSON"},
      {"a link to a number beyond double's range", [&] { return app->load_fragment(placement::share::encode_fragment(R"({"x": 1e999})")); }, "invalid JSON"},
      {"wrong type", [&] { return app->load_scenario(R"({"workers": [{"id": "x", "name": "a", "state": "ready", "status": {"memory": {"total": 1}}}]})"); }, "/workers/0/id"},
      {"paste that is not JSON", [&] { return app->import_json("workers: none"); }, "byte"},
      {"paste of unknown objects", [&] { return app->import_json("[{\"colour\": 1}]"); }, "/0"},
      {"paste of a worker without memory", [&] { return app->import_json(R"({"id": 9, "name": "n", "state": "ready", "status": {"gpu_devices": []}})"); }, "/workers/"},
      {"GGUF with a bad magic", [&] { return Json::parse(app->load_gguf_prefix(bad_magic, double(bad_magic.size()), "bad.gguf"))["message"].get<std::string>(); }, "byte offset 0"},
      {"GGUF with an overflowing array", [&] { return Json::parse(app->load_gguf_prefix(truncated, double(truncated.size()), "t.gguf"))["message"].get<std::string>(); }, "byte offset"},
      {"GGUF with a negative size", [&] { return Json::parse(app->load_gguf_prefix("GGUF", -1, "n.gguf"))["message"].get<std::string>(); }, "size"},
      {"link with an unknown version", [&] { return app->load_fragment("v9.AAAA"); }, "v"},
      {"link with broken base64url", [&] { return app->load_fragment("v1.***"); }, ""},
      {"link of an invalid scenario", [&] { return app->load_fragment(link_of_bad_scenario); }, "/workers/0"},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    const std::string error = row.feed();
    CHECK_FALSE(error.empty());
    CHECK(error.find(row.says) != std::string::npos);
    CHECK(app->scenario_text() == before);
    CHECK(app->state().undo_depth() == undo);
    CHECK_FALSE(app->banner().last_error().empty());
    gui.frames(*app, 2);  // the banner renders
    app->banner().clear();
  }
  CHECK(Json::parse(app->load_gguf_prefix(bad_magic, double(bad_magic.size()), "bad.gguf"))["status"] == "error");
}

TEST_CASE("a GGUF file read prefix by prefix becomes the model's gguf_profile, one undo step") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  const std::string file = read_file(PE_SOURCE_DIR "/tests/data/gguf/models/meta-llama-3-8b-instruct-q5_k_m.gguf");
  const std::string before = app->scenario_text();
  std::size_t have = 64;
  Json answer;
  int reads = 0;
  for (;; ++reads) {
    REQUIRE(reads < 40);
    answer = Json::parse(app->load_gguf_prefix(file.substr(0, have), double(file.size()), "llama-3-8b.Q5_K_M.gguf"));
    if (answer["status"] != "need") break;
    REQUIRE(answer["bytes"].get<std::size_t>() > have);
    have = std::min(file.size(), answer["bytes"].get<std::size_t>());
  }
  CHECK(reads >= 1);
  REQUIRE(answer["status"] == "ok");
  const Json& s = app->scenario();
  CHECK(s["estimates"]["gguf_profile"].is_object());
  CHECK(s["model"]["huggingface_filename"] == "llama-3-8b.Q5_K_M.gguf");
  gui.frames(*app, 3);
  CHECK(app->results().input_error().empty());
  app->undo();
  CHECK(app->scenario_text() == before);
}

TEST_CASE("a link restores the scenario exactly") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("manual-gpu-selection"));
  const std::string link = app->fragment();
  CHECK(link.rfind("v1.", 0) == 0);
  auto other = make_app();
  // The page follows a link before its first frame.
  CHECK(other->load_fragment(link).empty());
  CHECK(other->scenario_text() == app->scenario_text());
  gui.frames(*other, 3);
  CHECK(other->results_current());
  CHECK(other->result() == placement::schedule_json(app->scenario_text()));
  CHECK(other->load_fragment("#" + link).empty());
  gui.frames(*other, 2);
}

TEST_CASE("importing GPUStack API JSON merges into the scenario as one undo step") {
  HeadlessImGui gui;
  auto app = make_app();
  REQUIRE(app->load_example("binpack-vs-spread"));
  const std::size_t workers = app->scenario()["workers"].size();
  const std::size_t undo = app->state().undo_depth();
  const Json page = {{"items", Json::array({{{"id", 77}, {"name", "api-worker"}, {"state", "ready"},
                                             {"status", {{"memory", {{"total", 68719476736LL}}}, {"gpu_devices", Json::array()}}}}})},
                     {"pagination", {{"page", 1}}}};
  CHECK(app->import_json(page.dump()).empty());
  CHECK(app->scenario()["workers"].size() == workers + 1);
  CHECK(app->state().undo_depth() == undo + 1);
  gui.frames(*app, 2);
  CHECK(test_hooks::find("worker/api-worker") != nullptr);
}

TEST_CASE("a backend GPUStack does not know: the filter step and why-not-here say why and what would pass") {
  auto app = make_app();
  REQUIRE(app->load_example("default-install-backends"));
  HeadlessImGui gui;
  for (const char* backend : {"vLLM", "llama-box"}) {
    Json next = app->scenario();
    next["model"]["backend"] = backend;
    app->edit(next);
    REQUIRE(app->step("filters"));
    gui.frames(*app, 3);
    if (std::string(backend) == "vLLM") CHECK(test_hooks::find("note/all-dropped") == nullptr);  // known: some workers pass
  }
  gui.frames(*app, 3);
  const test_hooks::Item* note = test_hooks::find("note/all-dropped");
  REQUIRE(note != nullptr);
  CHECK(note->label.find("no runner service 'llama-box'") != std::string::npos);
  CHECK(note->label.find("\"Custom\"") != std::string::npos);
  // Why not here, on another step: the dropped worker carries the same note.
  REQUIRE(app->step("fit"));
  app->select_worker("cuda-a");
  gui.frames(*app, 3);
  CHECK(test_hooks::find("note/all-dropped") != nullptr);
}
