// The selector's own copies of the filtered workers. GPUStack's type grouping gives every type
// group a shallow copy of the worker that shares its GPU list, then overwrites that shared list
// per type: a mixed-type worker keeps only its last-appearing type's GPUs for the rest of the run
// (Q1). Owning copies lets the selector reproduce that without touching the scenario.
#pragma once

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
  std::vector<Worker*> workers;  // the pool's workers, in list order
};

class WorkerPool {
 public:
  explicit WorkerPool(const std::vector<const Worker*>& workers);

  const std::vector<Worker*>& list() const { return list_; }
  std::vector<const Worker*> const_list() const { return {list_.begin(), list_.end()}; }

  // GPUStack's group_workers_by_gpu_type, including its in-place overwrite (Q1, recorded in `trace`
  // the first time it hides GPUs of a worker).
  std::vector<PoolTypeGroup> group_by_gpu_type(Trace& trace);

  // GPUStack's sort_workers_by_gpu_count: stable, most GPUs first.
  void sort_by_gpu_count();

 private:
  std::vector<Worker> storage_;  // never resized after construction: list_ points into it
  std::vector<Worker*> list_;
};

std::string type_label(const GpuType& type);  // "cuda", or "none" for GPU-less workers
void sort_by_gpu_count(std::vector<Worker*>& workers);

}  // namespace placement
