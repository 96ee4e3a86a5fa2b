// The pieces of the manual GPU selection routine (manual_selection.h, scheduler-rules.md §3.1.7)
// that describe the selection itself: the ids grouped by type and worker, and a selected worker
// reduced to its selected GPUs of one type.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::manual {

using IndexList = std::vector<int>;

// The ids grouped {type: {worker: [indexes ascending]}}, types and workers in first appearance.
struct WorkerSelection {
  std::string worker;
  IndexList indexes;
};
struct TypeSelection {
  std::string type;
  std::vector<WorkerSelection> workers;
};

std::vector<TypeSelection> group_selected(const std::vector<std::string>& ids);
bool contains(const IndexList& list, int index);

// A selected worker reduced to its selected GPUs of one type, by allocatable rate descending.
struct Reduced {
  const Worker* worker = nullptr;
  std::vector<const GpuDevice*> gpus;
  IndexList indexes() const {
    IndexList v;
    for (const GpuDevice* g : gpus) v.push_back(g->index);
    return v;
  }
  // GPUStack's candidate holds a deep copy of the worker with only these GPUs: what its scorers read.
  std::shared_ptr<const Worker> copy() const {
    auto w = std::make_shared<Worker>(*worker);
    w->gpus.clear();
    for (const GpuDevice* g : gpus) w->gpus.push_back(*g);
    return w;
  }
};

}  // namespace placement::manual
