// The selector's own copies of the filtered workers. GPUStack's type grouping gives every type
// group a shallow copy of the worker that shares its GPU list, then overwrites that shared list
// per type: a mixed-type worker keeps only its last-appearing type's GPUs for the rest of the run
// (Q1). The pool copies a worker only when that overwrite changes it (copy on write), so the
// selector reproduces it without touching the scenario and without copying a thousand workers.
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

using GpuType = std::optional<std::string>;  // nullopt = workers without GPUs

// Named apart from the vLLM selector's TypeGroup: two classes of one name in one namespace break
// the one-definition rule (the linker merged their destructors; LeakSanitizer caught it).
struct PoolTypeGroup {
  GpuType type;
  std::vector<const Worker*> workers;  // the pool's workers, in list order
};

class WorkerPool {
 public:
  explicit WorkerPool(const std::vector<const Worker*>& workers);

  const std::vector<const Worker*>& list() const { return list_; }
  std::vector<const Worker*> const_list() const { return list_; }

  // GPUStack's group_workers_by_gpu_type, including its in-place overwrite (Q1, recorded in `trace`
  // the first time it hides GPUs of a worker).
  std::vector<PoolTypeGroup> group_by_gpu_type(Trace& trace);

  // GPUStack's sort_workers_by_gpu_count: stable, most GPUs first.
  void sort_by_gpu_count();

 private:
  std::deque<Worker> copies_;  // workers whose GPU list was overwritten (stable addresses)
  std::vector<const Worker*> list_;  // the scenario's workers, or their copies once overwritten
};

std::string type_label(const GpuType& type);  // "cuda", or "none" for GPU-less workers
void sort_by_gpu_count(std::vector<const Worker*>& workers);

}  // namespace placement
