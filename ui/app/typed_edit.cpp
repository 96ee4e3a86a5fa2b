#include "app/typed_edit.h"

#include <algorithm>
#include <exception>
#include <string>

#include <set>

#include "scenario/limits.h"
#include "scenario/scenario_loader.h"
#include "scenario/worker_state.h"

namespace placement::ui {

namespace {

// The index of /workers/<i> or /workers/<i>/..., else -1.
long worker_of(const Json::json_pointer& pointer) {
  const std::string text = pointer.to_string();
  const std::string prefix = "/workers/";
  if (text.rfind(prefix, 0) != 0) return -1;
  const std::size_t end = std::min(text.find('/', prefix.size()), text.size());
  const std::string digits = text.substr(prefix.size(), end - prefix.size());
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos || (digits.size() > 1 && digits[0] == '0'))
    return -1;
  return std::stol(digits);
}

bool in_model(const Json::json_pointer& pointer) { return pointer.to_string().rfind("/model/", 0) == 0; }

std::shared_ptr<const Scenario> with_worker(const Scenario& before, const Json& after, std::size_t w) {
  if (!after.contains("workers")) return nullptr;
  const Json& workers = after["workers"];
  if (!workers.is_array() || workers.size() != before.workers.size() || w >= workers.size()) return nullptr;
  Worker worker = load_worker(workers[w], "/workers/" + std::to_string(w));
  // The worker section checks ids and names against the other workers' and warns about unknown
  // states (scenario_sections.cpp): a change of those is the whole load's.
  const Worker& was = before.workers[w];
  if (worker.id != was.id || worker.name != was.name || worker.state != was.state) return nullptr;
  auto next = std::make_shared<Scenario>(before);
  next->workers[w] = std::move(worker);
  return next;
}

std::shared_ptr<Scenario> with_model(const Scenario& before, const Json& after) {
  if (!after.contains("model") || !after["model"].is_object()) return nullptr;
  Model model = load_model(after["model"], "/model");
  auto next = std::make_shared<Scenario>(before);
  next->model = std::move(model);
  return next;
}

}  // namespace

std::shared_ptr<const Scenario> typed_edit(const Scenario& before, const Json& after, const Json::json_pointer& pointer) {
  if (!after.is_object()) return nullptr;
  try {
    if (in_model(pointer)) return with_model(before, after);
    if (const long w = worker_of(pointer); w >= 0) return with_worker(before, after, std::size_t(w));
  } catch (const std::exception&) {
    // Refused by the loader: the whole load reports it, with its own wording.
  }
  return nullptr;
}

std::shared_ptr<const Scenario> typed_append_workers(const Scenario& before, const std::vector<Json>& workers) {
  if (before.workers.size() + workers.size() > limits::kMaxWorkers) return nullptr;
  std::set<std::int64_t> ids;
  std::set<std::string> names;
  for (const Worker& w : before.workers) ids.insert(w.id), names.insert(w.name);
  auto next = std::make_shared<Scenario>(before);
  try {
    for (const Json& value : workers) {
      Worker w = load_worker(value, "/workers/" + std::to_string(next->workers.size()));
      if (!ids.insert(w.id).second || !names.insert(w.name).second || unknown_worker_state_warning(w)) return nullptr;
      next->workers.push_back(std::move(w));
    }
  } catch (const std::exception&) {
    return nullptr;
  }
  return next;
}

std::shared_ptr<const Scenario> typed_append_instance(const Scenario& before, const Json& after, const Json& instance, bool model_changed) {
  // Instances are loaded one by one with no check across them (scenario_sections.h).
  if (before.model_instances.size() + 1 > limits::kMaxModelInstances) return nullptr;
  try {
    ModelInstance loaded = load_instance(instance, "/model_instances/" + std::to_string(before.model_instances.size()));
    std::shared_ptr<Scenario> next = model_changed ? with_model(before, after) : std::make_shared<Scenario>(before);
    if (!next) return nullptr;
    next->model_instances.push_back(std::move(loaded));
    return next;
  } catch (const std::exception&) {
    return nullptr;
  }
}

}  // namespace placement::ui
