// The manual strategy's `selection` extra (§3.1.7): the selected GPU ids grouped by type and
// worker, as found in the cluster, typed and written when the trace is read.
#pragma once

#include <string>
#include <vector>

#include "trace/trace.h"

namespace placement {

struct ManualSelectedWorker {
  std::string worker_name;
  bool present = false;             // the worker is in the cluster
  std::vector<int> gpu_indexes;     // selected
  std::vector<int> missing_gpus;    // selected but without a GPU of the type (present workers only)
};

struct ManualSelectedType {
  std::string type;
  std::vector<ManualSelectedWorker> workers;
};

class ManualSelectionRecord final : public DeferredList {
 public:
  std::vector<ManualSelectedType> types;
  void write(JsonOut& out) const override;
};

}  // namespace placement
