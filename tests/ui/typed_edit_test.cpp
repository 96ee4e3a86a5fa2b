// typed_edit: an edit applied to a copy of the typed Scenario (edit_part, insert_workers,
// insert_instances, as TypedFollower applies them) decides exactly as the edited document loaded
// again, on every example and case; edits of more than one part, and values the loader would
// refuse, are left to it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <optional>
#include <fstream>
#include <sstream>
#include <vector>

#include "app/deploy.h"
#include "app/examples.h"
#include "app/gpu_presets.h"
#include "app/typed_edit.h"
#include "app/worker_edits.h"
#include "result_writer.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

using placement::Json;

namespace {

// A copy of `before` made the Scenario of `after` (the value at `pointer` changed), or nullopt
// when edit_part refuses the edit.
std::optional<placement::Scenario> typed_edit(const placement::Scenario& before, const Json& after, const Json::json_pointer& pointer) {
  placement::Scenario next = before;
  if (!placement::ui::edit_part(next, after, pointer)) return std::nullopt;
  return next;
}

// A copy of `before` with `workers` appended (insert_workers at the end), or nullopt.
std::optional<placement::Scenario> typed_append_workers(const placement::Scenario& before, const std::vector<Json>& workers) {
  placement::Scenario next = before;
  if (!placement::ui::insert_workers(next, next.workers.size(), workers.data(), workers.size())) return std::nullopt;
  return next;
}

// Deploy as the app follows it: the instance appended, then, when the replicas rose, the model of
// `after` (the deployed document) read again through the edit of /model/replicas.
std::optional<placement::Scenario> typed_append_instance(const placement::Scenario& before, const Json& after, const Json& instance,
                                                         bool replicas_raised) {
  placement::Scenario next = before;
  if (!placement::ui::insert_instances(next, next.model_instances.size(), &instance, 1)) return std::nullopt;
  if (replicas_raised && !placement::ui::edit_part(next, after, Json::json_pointer("/model/replicas"))) return std::nullopt;
  return next;
}

// The decision printed, or the error deciding refused it with (missing model facts), and the
// load's warnings.
std::string decision_text(const placement::Scenario& s) {
  std::string text;
  for (const std::string& w : s.warnings) text += "warning: " + w + "\n";
  try {
    placement::write_schedule_result_text(placement::schedule(s), [&text](const char* d, std::size_t n) { text.append(d, n); });
  } catch (const placement::InputError& e) {
    return text + "refused: " + e.what();
  }
  return text;
}

std::optional<placement::Scenario> try_load(const Json& doc) {
  try {
    return placement::load_scenario(doc);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Calls visit(file name, document, its Scenario) for every example and gpustack case the loader
// takes (a refused one leaves the app no typed Scenario to edit).
template <typename Visit>
void for_each_loaded_scenario(Visit visit) {
  for (const char* dir : {"examples/scenarios", "tests/cases/gpustack"}) {
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(PE_SOURCE_DIR) / dir)) {
      if (e.path().extension() != ".json") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      const Json doc = Json::parse(ss.str(), nullptr, false);
      if (doc.is_discarded() || !doc.contains("model")) continue;
      if (const std::optional<placement::Scenario> before = try_load(doc)) visit(e.path().filename().string(), doc, *before);
    }
  }
}

struct Edit {
  const char* pointer;
  Json value;
};

// Edits the panels make (model fields, a worker's GPU memory, RAM, labels, reservations, GPUs
// added or removed, a GPU toggled in the selection), some with values the loader refuses.
std::vector<Edit> panel_edits(const Json& doc) {
  const std::int64_t gib = 1073741824;
  std::vector<Edit> edits = {
      {"/model/replicas", Json(0)},
      {"/model/replicas", Json(3)},
      {"/model/replicas", Json(7u)},
      {"/model/replicas", Json(-1)},
      {"/model/replicas", Json("2")},
      {"/model/placement_strategy", Json("binpack")},
      {"/model/placement_strategy", Json("spread")},
      {"/model/placement_strategy", Json("nearest")},
      {"/model/cpu_offloading", Json(true)},
      {"/model/distributed_inference_across_workers", Json(false)},
      {"/model/worker_selector", Json{{"gpu", "a100"}}},
      {"/model/name", Json("renamed")},
      {"/model/backend_parameters", Json::array({"--tensor-parallel-size=2"})},
      {"/workers/0/status/gpu_devices/0/memory/total", Json(8 * gib)},
      {"/workers/0/status/gpu_devices/0/memory/total", Json(-5)},
      {"/workers/0/status/memory/total", Json(16 * gib)},
      {"/workers/0/labels", Json{{"os", "windows"}, {"zone", "b"}}},
      {"/workers/0/labels/zone", Json("c")},
      {"/workers/0/system_reserved", Json{{"ram", gib}, {"vram", 2 * gib}}},
      {"/workers/0/cluster_id", Json(9)},
  };
  const Json& workers = doc.contains("workers") ? doc["workers"] : doc;
  if (workers.is_array() && !workers.empty() && workers[0].is_object()) {
    const Json& w = workers[0];
    edits.push_back({"/workers/0", placement::ui::with_gpu(w, placement::ui::gpu_presets().front())});
    edits.push_back({"/workers/0", placement::ui::with_gpu(w, placement::ui::gpu_presets().back())});
    edits.push_back({"/workers/0", placement::ui::with_custom_gpu(w, "rocm", 48 * gib)});
    edits.push_back({"/workers/0", placement::ui::without_gpu(w, 0)});
    edits.push_back({"/workers/0", placement::ui::without_gpus(w)});
    const Json& gpus = w.contains("status") && w["status"].is_object() ? w["status"].value("gpu_devices", Json::array()) : Json::array();
    if (gpus.is_array() && !gpus.empty())
      edits.push_back({"/model/gpu_selector", placement::ui::gpu_selector_toggled(doc["model"], placement::ui::gpu_id(w, gpus[0]))});
  }
  return edits;
}

}  // namespace

TEST_CASE("panel edits on the typed Scenario decide as the edited document loaded again") {
  int checked = 0, refused = 0;
  for_each_loaded_scenario([&](const std::string& file, const Json& doc, const placement::Scenario& before) {
    for (const Edit& edit : panel_edits(doc)) {
      INFO(file << ": " << edit.pointer << " = " << edit.value.dump());
      const Json::json_pointer pointer(edit.pointer);
      if (!doc.contains(pointer.parent_pointer())) continue;
      Json after = doc;
      after[pointer] = edit.value;
      const std::optional<placement::Scenario> loaded = try_load(after);
      const auto typed = typed_edit(before, after, pointer);
      if (!loaded) {
        CHECK_FALSE(typed);
        ++refused;
        continue;
      }
      REQUIRE(typed);
      CHECK(decision_text(*typed) == decision_text(*loaded));
      ++checked;
    }
  });
  CHECK(checked > 1000);
  CHECK(refused > 200);
}

TEST_CASE("edits of a worker's id, name or state and of the whole model are read as the loader reads them") {
  const Json doc = Json::parse(placement::ui::find_example("binpack-vs-spread")->text);
  const placement::Scenario before = placement::load_scenario(doc);
  REQUIRE(before.workers.size() >= 2);
  // What the worker section checks across workers (ids and names once each, a warning per
  // unknown state) is checked here as it does; the whole worker list, the instances or another
  // section is not an edit of one part (typed_follower.h follows those).
  Json renamed = doc["workers"][0];
  renamed["name"] = "w-renamed";
  const std::string second = doc["workers"][1]["name"];
  const struct {
    Edit edit;
    bool followed;
  } rows[] = {
      {{"/workers/0/name", Json("w-renamed")}, true},      {{"/workers/0/id", Json(77)}, true},
      {{"/workers/0/state", Json("maintenance")}, true},   {{"/workers/0/state", Json("sleeping")}, true},
      {{"/workers/0", renamed}, true},                     {{"/model", doc["model"]}, true},
      {{"/workers/0/name", Json(second)}, false},          {{"/workers/0/id", doc["workers"][1]["id"]}, false},
      {{"/workers", doc["workers"]}, false},               {{"/model_instances", Json::array()}, false},
      {{"/description", Json("text")}, false},
  };
  for (const auto& r : rows) {
    INFO(r.edit.pointer << " = " << r.edit.value.dump());
    Json after = doc;
    after[Json::json_pointer(r.edit.pointer)] = r.edit.value;
    const auto typed = typed_edit(before, after, Json::json_pointer(r.edit.pointer));
    REQUIRE(bool(typed) == r.followed);
    if (typed) CHECK(decision_text(*typed) == decision_text(placement::load_scenario(after)));
  }
  Json warned = doc;
  warned["workers"][0]["state"] = "sleeping";
  const auto typed = typed_edit(before, warned, Json::json_pointer("/workers/0/state"));
  REQUIRE(typed);
  CHECK(typed->warnings == placement::load_scenario(warned).warnings);
  CHECK(typed->warnings.size() == 1);
  Json after = doc;
  after["model"]["replicas"] = 100000;
  const auto ok = typed_edit(before, after, Json::json_pointer("/model/replicas"));
  REQUIRE(ok);
  CHECK(ok->model.replicas == 100000);
}

TEST_CASE("workers appended to the typed Scenario decide as the document with them loaded again") {
  int checked = 0, refused = 0;
  for_each_loaded_scenario([&](const std::string& file, const Json& doc, const placement::Scenario& before) {
    if (!doc.contains("workers") || !doc["workers"].is_array() || doc["workers"].empty()) return;
    Json unknown_state = placement::ui::new_worker(doc);
    unknown_state["state"] = "sleeping";
    // A new worker, three copies of the first, the first again (its id and name are taken), a
    // worker whose state is warned about (its warning joins the load's), one the loader refuses.
    const std::vector<std::vector<Json>> appends = {
        {placement::ui::new_worker(doc)}, placement::ui::copies_of(doc, 0, 3), {doc["workers"][0]}, {unknown_state}, {Json(42)}};
    for (const std::vector<Json>& workers : appends) {
      INFO(file << ": " << Json(workers).dump().substr(0, 200));
      Json after = doc;
      for (const Json& w : workers) after["workers"].push_back(w);
      const auto typed = typed_append_workers(before, workers);
      if (!typed) {
        ++refused;
        continue;
      }
      const std::optional<placement::Scenario> loaded = try_load(after);
      REQUIRE(loaded);
      CHECK(decision_text(*typed) == decision_text(*loaded));
      ++checked;
    }
    CHECK(typed_append_workers(before, {placement::ui::new_worker(doc)}));
    CHECK_FALSE(typed_append_workers(before, {doc["workers"][0]}));
    CHECK(typed_append_workers(before, {unknown_state}));
    CHECK_FALSE(typed_append_workers(before, {Json(42)}));
  });
  CHECK(checked > 225);
  CHECK(refused > 150);
}

TEST_CASE("Deploy's patches make deploy_replica's document, and its typed Scenario decides as that document") {
  int checked = 0, raised = 0;
  for_each_loaded_scenario([&](const std::string& file, const Json& doc, const placement::Scenario& before) {
    if (!doc.contains("model_instances") || !doc["model_instances"].is_array() || !doc["model"].is_object()) return;
    const placement::ScheduleResult result = [&] {
      try {
        return placement::schedule(before);
      } catch (const std::exception&) {
        return placement::ScheduleResult{};
      }
    }();
    if (!result.selected) return;
    INFO(file);
    const placement::Candidate& winner = result.candidates[*result.selected];
    const placement::ui::DeployPatch patch = placement::ui::deploy_patch(doc, winner);
    Json patched = doc;
    patched["model_instances"].push_back(patch.instance);
    if (patch.replicas) patched["model"]["replicas"] = *patch.replicas, ++raised;
    const Json after = placement::ui::deploy_replica(doc, winner);
    CHECK(patched == after);
    const auto typed = typed_append_instance(before, after, patch.instance, patch.replicas.has_value());
    REQUIRE(typed);
    const std::optional<placement::Scenario> loaded = try_load(after);
    REQUIRE(loaded);
    CHECK(decision_text(*typed) == decision_text(*loaded));
    ++checked;
  });
  CHECK(checked > 40);
  CHECK(raised >= 5);               // replicas rose with the instances
  CHECK(checked - raised > 20);     // a pending replica placed: replicas kept
  // An instance the loader refuses leaves the load to it.
  const Json doc = Json::parse(placement::ui::find_example("binpack-vs-spread")->text);
  CHECK_FALSE(typed_append_instance(placement::load_scenario(doc), doc, Json{{"id", "x"}}, false));
}
