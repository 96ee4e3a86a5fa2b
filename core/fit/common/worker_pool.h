// The selector's own copies of the filtered workers, and GPUStack's grouping of them by GPU type
// (group_workers_by_gpu_type), shared by the vLLM, SGLang and Custom selectors. GPUStack gives
// every type group a shallow copy of the worker that shares its status, then overwrites the
// shared GPU list per type: a mixed-type worker keeps only its last-appearing type's GPUs, in
// every group and for the rest of the run (Q1). A group of an earlier type therefore sees the
// worker with GPUs of another type, and its free memory for its own type reads 0 (GPUStack's
// allocatable routine skips GPUs of other types). The pool copies a worker only when that
// overwrite changes it (copy on write), so the selectors reproduce it without touching the
// scenario and without copying a thousand workers.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scenario/types.h"

namespace placement {

using GpuType = std::optional<std::string>;  // nullopt = workers without GPUs

// Named apart from other selectors' group types: two classes of one name in one namespace break
// the one-definition rule (the linker merged their destructors; LeakSanitizer caught it).
struct PoolTypeGroup {
  GpuType type;
  std::vector<const Worker*> workers;  // the pool's workers, in list order
};

// A mixed-type worker a grouping has just overwritten.
struct OverwrittenWorker {
  const Worker* worker = nullptr;         // the pool's copy: only the kept type's GPUs
  std::string kept_type;                  // the last-appearing type
  std::vector<std::string> hidden_types;  // the others, first-appearance order
};

class WorkerPool {
 public:
  explicit WorkerPool(const std::vector<const Worker*>& workers);

  const std::vector<const Worker*>& list() const { return list_; }
  std::vector<const Worker*> const_list() const { return list_; }

  // GPUStack's group_workers_by_gpu_type, including its in-place overwrite (Q1). Workers it
  // overwrites now (the first grouping that meets them) are appended to `overwritten`.
  std::vector<PoolTypeGroup> group_by_gpu_type(std::vector<OverwrittenWorker>* overwritten = nullptr);

  // GPUStack's sort_workers_by_gpu_count: stable, most GPUs first.
  void sort_by_gpu_count();

  // The pool's copy behind `w` when a grouping overwrote it (what GPUStack's candidate then holds
  // and its scorers read), else null: the scenario's worker is the one.
  std::shared_ptr<const Worker> copy_of(const Worker* w) const;
  // The scenario's worker behind a pool entry (all its GPUs, for explanations).
  const Worker& original(const Worker* w) const;

 private:
  struct Copy {
    std::shared_ptr<Worker> worker;  // GPU list overwritten
    const Worker* original = nullptr;
  };
  std::vector<Copy> copies_;
  std::vector<const Worker*> list_;  // the scenario's workers, or their copies once overwritten
};

// A group whose type is not the worker's own (kept) type: GPUStack's overwrite left the worker
// there with another type's GPUs, so nothing of this type is allocatable on it (Q1).
bool hidden_in_group(const Worker& w, const GpuType& group_type);

std::string type_label(const GpuType& type);  // "cuda", or "none" for GPU-less workers
void sort_by_gpu_count(std::vector<const Worker*>& workers);

// GPUStack's multi-worker walks combine only workers with the same GPU count: the workers sorted
// by GPU count (most first), grouped by that count in that order; GPU-less workers join no group.
using GpuCountGroups = std::vector<std::pair<std::size_t, std::vector<const Worker*>>>;
GpuCountGroups group_by_gpu_count(std::vector<const Worker*> workers);

}  // namespace placement
