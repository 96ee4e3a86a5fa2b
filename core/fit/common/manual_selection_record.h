// The manual strategy's `selection` extra (§3.1.7): the selected GPU ids grouped by type and
// worker, as found in the cluster, typed and written when the trace is read.
#pragma once

#include <string>
#include <utility>
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

// The manual strategy's `utilisation` extra: the memory utilisation of each GPU type, {type: ratio}
// (its keys are data, so it is no DataFields). A type given twice keeps its first place and its
// last value, as a JSON object assigned in order does.
class ManualUtilisationRecord final : public DeferredList {
 public:
  std::vector<std::pair<std::string, double>> by_type;
  void write(JsonOut& out) const override;
};

}  // namespace placement
