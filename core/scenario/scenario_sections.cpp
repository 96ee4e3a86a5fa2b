#include "scenario/scenario_sections.h"

#include "scenario/scenario_loader.h"
#include "scenario/worker_state.h"

namespace placement {

std::string element_pointer(const char* key, std::size_t index) { return std::string("/") + key + "/" + std::to_string(index); }

void WorkerSection::add(const Json& value, std::size_t index) { accept(load_worker(value, element_pointer(kKey, index)), index); }

void WorkerSection::accept(Worker&& worker, std::size_t index) {
  if (!ids_.insert(worker.id).second)
    throw InputError(element_pointer(kKey, index) + "/id", "duplicate worker id " + std::to_string(worker.id));
  if (!names_.insert(worker.name).second)
    throw InputError(element_pointer(kKey, index) + "/name", "duplicate worker name '" + worker.name + "'");
  if (auto warning = unknown_worker_state_warning(worker)) warnings_.push_back(std::move(*warning));
  workers_.push_back(std::move(worker));
}

void WorkerSection::move_into(Scenario& s) {
  s.workers = std::move(fit_room(workers_));
  s.warnings.insert(s.warnings.end(), std::make_move_iterator(warnings_.begin()), std::make_move_iterator(warnings_.end()));
}

void InstanceSection::add(const Json& value, std::size_t index) { instances_.push_back(load_instance(value, element_pointer(kKey, index))); }

}  // namespace placement
