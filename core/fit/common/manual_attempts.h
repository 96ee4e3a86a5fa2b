// The manual strategy's `attempts` extra (§3.1.7.4): one entry per single-worker or multi-worker
// try over the selected GPUs, typed while the run goes and written when the trace is read.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace placement {

// A single-worker try: the worker's selected GPUs, and (when there were enough) which passed the
// utilisation, which did not, and which the candidate uses.
struct ManualSingleWorkerTry {
  std::string worker_name;
  std::vector<int> gpu_indexes;
  bool enough_gpus = false;  // false: result too_few_selected_gpus, nothing else
  std::vector<int> satisfied, unsatisfied, used;
};

struct ManualSubordinateTry {
  std::string worker_name;
  std::vector<int> selected, assigned;
};

// A multi-worker try: too few workers, or the main worker and the subordinates that joined.
struct ManualMultiWorkerTry {
  std::optional<std::size_t> too_few_workers;  // the workers there were
  std::string main_worker;
  std::vector<int> main_gpu_indexes;
  std::vector<ManualSubordinateTry> subordinates;
};

struct ManualAttempt {
  std::string type;  // GPU type
  std::optional<ManualSingleWorkerTry> single_worker;  // else multi_worker
  ManualMultiWorkerTry multi_worker;
  void write(JsonOut& out) const;
};

class ManualAttempts final : public DeferredList {
 public:
  std::vector<ManualAttempt> list;
  void write(JsonOut& out) const override;
};

}  // namespace placement
