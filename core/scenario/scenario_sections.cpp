#include "scenario/scenario_sections.h"

#include "scenario/scenario_loader.h"
#include "scenario/worker_state.h"

namespace placement {

void WorkerSection::add(const Json& value, const std::string& pointer) { accept(load_worker(value, pointer), pointer); }

void WorkerSection::accept(Worker&& worker, const std::string& pointer) {
  if (!ids_.insert(worker.id).second) throw InputError(pointer + "/id", "duplicate worker id " + std::to_string(worker.id));
  if (!names_.insert(worker.name).second) throw InputError(pointer + "/name", "duplicate worker name '" + worker.name + "'");
  if (auto warning = unknown_worker_state_warning(worker)) warnings_.push_back(std::move(*warning));
  workers_.push_back(std::move(worker));
}

void WorkerSection::move_into(Scenario& s) {
  s.workers = std::move(workers_);
  s.warnings.insert(s.warnings.end(), std::make_move_iterator(warnings_.begin()), std::make_move_iterator(warnings_.end()));
}

void InstanceSection::add(const Json& value, const std::string& pointer) { instances_.push_back(load_instance(value, pointer)); }

}  // namespace placement
