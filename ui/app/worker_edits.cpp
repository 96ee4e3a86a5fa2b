#include "app/worker_edits.h"

#include <algorithm>
#include <set>

#include "app/deploy.h"
#include "app/format.h"

namespace placement::ui {

namespace {

constexpr std::int64_t GiB = std::int64_t{1} << 30;

Json& workers_of(Json& doc) {
  if (!doc.contains("workers") || !doc["workers"].is_array()) doc["workers"] = Json::array();
  return doc["workers"];
}

std::string fresh_name(const Json& scenario, const std::string& base) {
  for (int k = 1;; ++k) {
    std::string name = base + "-" + std::to_string(k);
    if (!name_taken(scenario, name)) return name;
  }
}

Json& gpus_of(Json& worker) {
  Json& status = worker["status"];
  if (!status.is_object()) status = Json::object();
  if (!status.contains("gpu_devices") || !status["gpu_devices"].is_array()) status["gpu_devices"] = Json::array();
  return status["gpu_devices"];
}

int next_gpu_index(const Json& gpus) {
  int next = 0;
  for (const auto& g : gpus)
    if (g.contains("index") && g["index"].is_number_integer()) next = std::max(next, g["index"].get<int>() + 1);
  return next;
}

}  // namespace

int worker_index(const Json& scenario, const std::string& name) {
  const Json& workers = member(scenario, "workers", json_array());
  for (std::size_t i = 0; i < workers.size(); ++i)
    if (workers[i].value("name", std::string()) == name) return int(i);
  return -1;
}

bool name_taken(const Json& scenario, const std::string& name) { return worker_index(scenario, name) >= 0; }

Json new_worker(const Json& scenario) {
  Json w = Json::object();
  w["id"] = max_id(member(scenario, "workers", json_array())) + 1;
  w["name"] = fresh_name(scenario, "worker");
  w["state"] = "ready";
  w["labels"] = Json::object();
  w["system_reserved"] = Json{{"ram", 2 * GiB}, {"vram", GiB}};
  w["status"] = Json{{"memory", {{"total", 64 * GiB}, {"is_unified_memory", false}}}, {"gpu_devices", Json::array()}};
  return w;
}

Json add_worker(const Json& scenario) {
  Json doc = scenario;
  Json w = new_worker(scenario);
  workers_of(doc).push_back(std::move(w));
  return doc;
}

std::vector<Json> copies_of(const Json& scenario, std::size_t index, int count) {
  const Json& workers = member(scenario, "workers", json_array());
  std::vector<Json> copies;
  if (!workers.is_array() || index >= workers.size() || count < 1) return copies;
  std::set<std::string> taken;
  for (const Json& w : workers)
    if (w.is_object() && w.contains("name") && w["name"].is_string()) taken.insert(w["name"].get<std::string>());
  const Json& tmpl = workers[index];
  const std::string base = tmpl.value("name", std::string("worker"));
  long long id = max_id(workers);
  int k = 1;
  for (int c = 0; c < count; ++c) {
    while (taken.count(base + "-" + std::to_string(k))) ++k;
    Json copy = tmpl;
    copy["id"] = ++id;
    copy["name"] = base + "-" + std::to_string(k);
    taken.insert(copy["name"].get<std::string>());
    copies.push_back(std::move(copy));
  }
  return copies;
}

Json add_copies(const Json& scenario, std::size_t index, int count) {
  Json doc = scenario;
  for (Json& copy : copies_of(scenario, index, count)) workers_of(doc).push_back(std::move(copy));
  return doc;
}

std::vector<DocumentPatch> remove_worker_patches(const Json& scenario, std::size_t index) {
  const Json& workers = member(scenario, "workers", json_null());
  if (!workers.is_array() || index >= workers.size()) return {};
  std::vector<DocumentPatch> patches = {{Json::json_pointer("/workers"), std::nullopt, index}};
  const Json& id = member(workers[index], "id", json_null());
  const Json& instances = member(scenario, "model_instances", json_null());
  if (id.is_null() || !instances.is_array()) return patches;
  for (std::size_t i = instances.size(); i-- > 0;)
    if (member(instances[i], "worker_id", json_null()) == id) patches.push_back({Json::json_pointer("/model_instances"), std::nullopt, i});
  return patches;
}

Json remove_worker(const Json& scenario, std::size_t index) {
  Json doc = scenario;
  Json& workers = workers_of(doc);
  if (index >= workers.size()) return doc;
  const Json id = member(workers[index], "id", json_null());  // a copy: the worker is erased next
  workers.erase(workers.begin() + std::ptrdiff_t(index));
  if (doc.contains("model_instances") && doc["model_instances"].is_array()) {
    Json kept = Json::array();
    for (const auto& inst : doc["model_instances"])
      if (id.is_null() || inst.value("worker_id", Json(nullptr)) != id) kept.push_back(inst);
    doc["model_instances"] = std::move(kept);
  }
  return doc;
}

// The document with workers[index] replaced by change(that worker); unchanged past the end.
template <typename Change>
Json with_worker_changed(const Json& scenario, std::size_t index, Change change) {
  Json doc = scenario;
  Json& workers = workers_of(doc);
  if (index < workers.size()) workers[index] = change(workers[index]);
  return doc;
}

Json with_gpu(const Json& worker, const GpuPreset& preset) {
  Json w = worker;
  Json& gpus = gpus_of(w);
  gpus.push_back(gpu_from_preset(preset, next_gpu_index(gpus)));
  if (preset.unified) {
    Json& mem = w["status"]["memory"];
    if (!mem.is_object()) mem = Json::object();
    mem["is_unified_memory"] = true;
    mem["total"] = preset.memory_total;
  }
  return w;
}

Json with_custom_gpu(const Json& worker, const std::string& type, std::int64_t bytes) {
  Json w = worker;
  Json& gpus = gpus_of(w);
  gpus.push_back(custom_gpu(next_gpu_index(gpus), type, bytes));
  return w;
}

Json without_gpu(const Json& worker, std::size_t gpu_position) {
  Json w = worker;
  Json& gpus = gpus_of(w);
  if (gpu_position < gpus.size()) gpus.erase(gpus.begin() + std::ptrdiff_t(gpu_position));
  return w;
}

Json without_gpus(const Json& worker) {
  Json w = worker;
  gpus_of(w) = Json::array();
  return w;
}

Json add_gpu(const Json& scenario, std::size_t index, const GpuPreset& preset) {
  return with_worker_changed(scenario, index, [&](const Json& w) { return with_gpu(w, preset); });
}

Json add_custom_gpu(const Json& scenario, std::size_t index, const std::string& type, std::int64_t bytes) {
  return with_worker_changed(scenario, index, [&](const Json& w) { return with_custom_gpu(w, type, bytes); });
}

Json remove_gpu(const Json& scenario, std::size_t worker, std::size_t gpu_position) {
  return with_worker_changed(scenario, worker, [&](const Json& w) { return without_gpu(w, gpu_position); });
}

Json remove_all_gpus(const Json& scenario, std::size_t worker) {
  return with_worker_changed(scenario, worker, [](const Json& w) { return without_gpus(w); });
}

std::string gpu_id(const Json& worker, const Json& gpu) {
  return worker.value("name", std::string()) + ":" + gpu.value("type", std::string()) + ":" +
         std::to_string(gpu.value("index", 0));
}

std::string gpu_id(const Worker& worker, const GpuDevice& gpu) { return worker.name + ":" + gpu.type + ":" + std::to_string(gpu.index); }

bool gpu_selected(const Model* model, const std::string& id) {
  const std::vector<std::string>* ids = model ? gpu_ids(*model) : nullptr;
  return ids && std::find(ids->begin(), ids->end(), id) != ids->end();
}

Json gpu_selector_toggled(const Json& model, const std::string& id) {
  Json m = model.is_object() ? model : Json::object();
  Json& sel = m["gpu_selector"];
  if (!sel.is_object()) sel = Json::object();
  Json& ids = sel["gpu_ids"];
  if (!ids.is_array()) ids = Json::array();
  auto it = std::find(ids.begin(), ids.end(), Json(id));
  if (it != ids.end()) ids.erase(it);
  else ids.push_back(id);
  if (ids.empty()) {
    sel.erase("gpu_ids");
    if (sel.empty() || (sel.size() == 1 && sel.contains("gpus_per_replica") && sel["gpus_per_replica"].is_null())) m["gpu_selector"] = nullptr;
  }
  return m["gpu_selector"];
}

Json toggle_gpu_selection(const Json& scenario, const std::string& id) {
  Json doc = scenario;
  Json& model = doc["model"];
  if (!model.is_object()) model = Json::object();
  model["gpu_selector"] = gpu_selector_toggled(model, id);
  return doc;
}

}  // namespace placement::ui
