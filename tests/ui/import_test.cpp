// Pasted GPUStack API JSON, cluster edits, deploy and the schedule service (table-driven where
// the cases are rows).
#include <catch2/catch.hpp>

#include "app/app.h"
#include "app/deploy.h"
#include "app/examples.h"
#include "app/host.h"
#include "app/json_import.h"
#include "app/schedule_service.h"
#include "app/worker_edits.h"
#include "scenario/scenario_loader.h"
#include "scheduler.h"

using placement::Json;
using namespace placement::ui;

namespace {

Json base() { return Json::parse(find_example("binpack-vs-spread")->text); }

Json api_worker(int id, const std::string& name) {
  return Json{{"id", id},
              {"name", name},
              {"state", "ready"},
              {"labels", Json::object()},
              {"status", {{"memory", {{"total", 68719476736LL}}},
                          {"gpu_devices", Json::array({{{"index", 0}, {"type", "cuda"}, {"memory", {{"total", 25757220864LL}}}}})}}}};
}

Json api_instance(int id, int worker) {
  return Json{{"id", id}, {"name", "inst-" + std::to_string(id)}, {"model_id", 5}, {"state", "running"}, {"worker_id", worker},
              {"gpu_indexes", {0}}, {"computed_resource_claim", {{"vram", {{"0", 1073741824LL}}}}}};
}

}  // namespace

TEST_CASE("GPUStack API JSON is recognised and merged") {
  struct Row {
    const char* name;
    Json pasted;
    std::size_t workers, instances;
    const char* model_name;  // after the import
    const char* summary;     // part of the summary
  };
  const Json b = base();
  const std::size_t w = b["workers"].size(), i = b["model_instances"].size();
  Json model = b["model"];
  model["name"] = "pasted-model";
  Json renamed = api_worker(1, "gpu-a");  // same id as an existing worker: replaces it
  const std::vector<Row> rows = {
      {"one worker", api_worker(50, "w50"), w + 1, i, "qwen2.5-7b", "1 worker added"},
      {"a worker list", Json::array({api_worker(50, "w50"), api_worker(51, "w51")}), w + 2, i, "qwen2.5-7b", "2 workers added"},
      {"an API page", Json{{"items", Json::array({api_worker(50, "w50")})}, {"pagination", {{"total", 1}}}}, w + 1, i, "qwen2.5-7b", "1 worker"},
      {"a worker with a known id", renamed, w, i, "qwen2.5-7b", "1 worker replaced"},
      {"instances", Json{{"items", Json::array({api_instance(90, 1), api_instance(91, 2)})}}, w, i + 2, "qwen2.5-7b", "2 model instances added"},
      {"a model", model, w, i, "pasted-model", "model replaced"},
      {"a mixed list", Json::array({api_worker(50, "w50"), api_instance(90, 50), model}), w + 1, i + 1, "pasted-model", "1 worker added; 1 model instance added; model replaced"},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    ImportOutcome o = import_document(b, row.pasted.dump());
    REQUIRE(o.error.empty());
    CHECK(o.document["workers"].size() == row.workers);
    CHECK(o.document["model_instances"].size() == row.instances);
    CHECK(o.document["model"]["name"] == row.model_name);
    CHECK(o.summary.find(row.summary) != std::string::npos);
    // The merged document is one the core schedules.
    CHECK(Json::parse(placement::schedule_json(o.document.dump())).contains("candidates"));
  }
}

TEST_CASE("pastes that cannot be imported say why") {
  struct Row {
    const char* name;
    std::string text;
    const char* says;
  };
  Json bad_worker = api_worker(50, "w50");
  bad_worker["status"]["gpu_devices"][0]["memory"]["total"] = "lots";
  Json two_models = Json::array({base()["model"], base()["model"]});
  const std::vector<Row> rows = {
      {"not JSON", "{workers", "not JSON (byte"},
      {"a number beyond double's range", R"([{"id": 1e999}])", "not usable JSON"},
      {"an empty list", "[]", "empty"},
      {"a number", "42", "neither"},
      {"objects of no known kind", R"([{"a": 1}])", "/0"},
      {"an invalid worker", bad_worker.dump(), "/workers/3/status/gpu_devices/0/memory/total"},
      {"two models", two_models.dump(), "more than one model"},
      {"an invalid scenario", R"({"workers": [{"id": 1}]})", "/workers/0"},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    ImportOutcome o = import_document(base(), row.text);
    CHECK(o.error.find(row.says) != std::string::npos);
  }
}

TEST_CASE("pasted objects are classified by their fields") {
  CHECK(classify(base()) == PastedKind::scenario);
  CHECK(classify(api_worker(1, "a")) == PastedKind::worker);
  CHECK(classify(api_instance(1, 1)) == PastedKind::instance);
  CHECK(classify(base()["model"]) == PastedKind::model);
  CHECK(classify(Json::array()) == PastedKind::unknown);
}

TEST_CASE("cluster edits keep names and ids unique and references whole") {
  const Json b = base();
  Json three = add_copies(b, 0, 3);
  REQUIRE(three["workers"].size() == b["workers"].size() + 3);
  CHECK(three["workers"][3]["name"] == "gpu-a-1");
  CHECK(three["workers"][5]["name"] == "gpu-a-3");
  CHECK(three["workers"][5]["id"] == max_id(b["workers"]) + 3);
  Json added = add_worker(add_worker(b));
  CHECK(added["workers"][3]["name"] == "worker-1");
  CHECK(added["workers"][4]["name"] == "worker-2");
  // Removing gpu-a removes the instance placed on it.
  Json removed = remove_worker(b, 0);
  CHECK(removed["workers"].size() == b["workers"].size() - 1);
  for (const auto& inst : removed["model_instances"]) CHECK(inst["worker_id"] != 1);
  // Presets and CPU-only.
  Json mac = add_gpu(remove_all_gpus(b, 1), 1, gpu_presets().back());
  CHECK(mac["workers"][1]["status"]["gpu_devices"].size() == 1);
  CHECK(mac["workers"][1]["status"]["memory"]["is_unified_memory"] == true);
  for (const Json& doc : {three, added, removed, mac}) CHECK_FALSE(Json::parse(placement::schedule_json(doc.dump())).contains("error"));
  // gpu_selector toggling.
  // Read as the loader reads the model, as the canvas does.
  const auto selected = [](const Json& doc, const std::string& id) {
    const placement::Model model = placement::load_model(doc["model"], "/model");
    return gpu_selected(&model, id);
  };
  Json on = toggle_gpu_selection(b, "gpu-a:cuda:1");
  CHECK(selected(on, "gpu-a:cuda:1"));
  CHECK_FALSE(selected(toggle_gpu_selection(on, "gpu-a:cuda:1"), "gpu-a:cuda:1"));
  CHECK_FALSE(Json::parse(placement::schedule_json(toggle_gpu_selection(on, "gpu-a:cuda:1").dump())).contains("error"));
}

TEST_CASE("a deployed candidate becomes a running instance with the core's claim") {
  const Json b = base();
  const Json result = Json::parse(placement::schedule_json(b.dump()));
  const Json& winner = result["candidates"][result["selected"].get<std::size_t>()];
  const Json inst = instance_from_candidate(b, winner);
  CHECK(inst["id"] == max_id(b["model_instances"]) + 1);
  CHECK(inst["model_id"] == b["model"]["id"]);
  CHECK(inst["state"] == "running");
  CHECK(inst["worker_id"] == winner["worker_id"]);
  CHECK(inst["computed_resource_claim"] == winner["computed_resource_claim"]);
  const Json removed = remove_instances(deploy_candidate(b, winner), Json::array({inst["id"]}));
  CHECK(removed == b);
}
