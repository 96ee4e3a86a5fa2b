#include "app/typed_edit.h"

#include <algorithm>
#include <exception>
#include <set>
#include <string>

#include "scenario/limits.h"
#include "scenario/scenario_loader.h"
#include "scenario/worker_state.h"

namespace placement::ui {

namespace {

long worker_of(const Json::json_pointer& pointer) { return element_of(pointer, "workers"); }

// Another worker than workers[skip] has this id or name (the loader refuses the later of two).
bool taken(const Scenario& s, std::size_t skip, const Worker& worker) {
  for (std::size_t i = 0; i < s.workers.size(); ++i)
    if (i != skip && (s.workers[i].id == worker.id || s.workers[i].name == worker.name)) return true;
  return false;
}

bool reload_worker(Scenario& s, const Json& after, std::size_t w) {
  if (!after.contains("workers")) return false;
  const Json& workers = after["workers"];
  if (!workers.is_array() || workers.size() != s.workers.size() || w >= workers.size()) return false;
  Worker worker = load_worker(workers[w], "/workers/" + std::to_string(w));
  // An id or name another worker has is refused by the whole load, with its own wording.
  const Worker& was = s.workers[w];
  if ((worker.id != was.id || worker.name != was.name) && taken(s, w, worker)) return false;
  const bool rewarn = worker.state != was.state || worker.name != was.name;
  s.workers[w] = std::move(worker);
  if (rewarn) renew_warnings(s);
  return true;
}

// /model or anything in it.
bool in_model(const Json::json_pointer& pointer) {
  const std::string text = pointer.to_string();
  return text == "/model" || text.rfind("/model/", 0) == 0;
}

bool reload_model(Scenario& s, const Json& after) {
  if (!after.contains("model") || !after["model"].is_object()) return false;
  s.model = load_model(after["model"], "/model");
  return true;
}

}  // namespace

void renew_warnings(Scenario& s) {
  s.warnings.clear();
  for (const Worker& w : s.workers)
    if (auto warning = unknown_worker_state_warning(w)) s.warnings.push_back(std::move(*warning));
}

long element_of(const Json::json_pointer& pointer, const std::string& list) {
  const std::string text = pointer.to_string();
  const std::string prefix = "/" + list + "/";
  if (text.rfind(prefix, 0) != 0) return -1;
  const std::size_t end = std::min(text.find('/', prefix.size()), text.size());
  const std::string digits = text.substr(prefix.size(), end - prefix.size());
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos || (digits.size() > 1 && digits[0] == '0'))
    return -1;
  return std::stol(digits);
}

bool edit_part(Scenario& s, const Json& after, const Json::json_pointer& pointer) {
  if (!after.is_object()) return false;
  try {
    if (in_model(pointer)) return reload_model(s, after);
    if (const long w = worker_of(pointer); w >= 0) return reload_worker(s, after, std::size_t(w));
  } catch (const std::exception&) {
    // Refused by the loader: the whole load reports it, with its own wording.
  }
  return false;
}

bool insert_workers(Scenario& s, std::size_t at, const Json* first, std::size_t count) {
  if (at > s.workers.size() || s.workers.size() + count > limits::kMaxWorkers) return false;
  std::set<std::int64_t> ids;
  std::set<std::string> names;
  for (const Worker& w : s.workers) ids.insert(w.id), names.insert(w.name);
  std::vector<Worker> loaded;
  try {
    for (std::size_t i = 0; i < count; ++i) {
      Worker w = load_worker(first[i], "/workers/" + std::to_string(at + i));
      if (!ids.insert(w.id).second || !names.insert(w.name).second) return false;
      loaded.push_back(std::move(w));
    }
  } catch (const std::exception&) {
    return false;
  }
  s.workers.insert(s.workers.begin() + std::ptrdiff_t(at), std::make_move_iterator(loaded.begin()), std::make_move_iterator(loaded.end()));
  renew_warnings(s);
  return true;
}

bool insert_instances(Scenario& s, std::size_t at, const Json* first, std::size_t count) {
  // Instances are loaded one by one with no check across them (scenario_sections.h).
  if (at > s.model_instances.size() || s.model_instances.size() + count > limits::kMaxModelInstances) return false;
  std::vector<ModelInstance> loaded;
  try {
    for (std::size_t i = 0; i < count; ++i) loaded.push_back(load_instance(first[i], "/model_instances/" + std::to_string(at + i)));
  } catch (const std::exception&) {
    return false;
  }
  s.model_instances.insert(s.model_instances.begin() + std::ptrdiff_t(at), std::make_move_iterator(loaded.begin()),
                           std::make_move_iterator(loaded.end()));
  return true;
}

}  // namespace placement::ui
