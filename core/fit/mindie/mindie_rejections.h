// MindIE's §6.4 rejections, typed while the selector runs and written when the trace is read.
// MindIE's shape differs from the shared Rejection: `data` comes before `shortfalls`, the workers
// dropped before any strategy carry `stage`, and those have `data` only when it has figures.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fit/common/data_fields.h"
#include "fit/common/shortfall.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement::mindie {

struct MindieRejection {
  std::int64_t worker_id = 0;
  std::string worker_name;
  std::vector<int> gpu_indexes;
  const char* code = "";          // a string literal
  bool available_stage = false;   // dropped by the available-workers filter: stage "available_workers"
  std::optional<DataFields> data;  // none: no `data` member
  std::vector<Shortfall> shortfalls;
};

class MindieRejections final : public DeferredList {
 public:
  std::vector<MindieRejection> list;

  // A strategy's rejection: `data` always written ({} when it has no figures).
  void add(const Worker& w, std::vector<int> gpu_indexes, const char* code, DataFields data, std::vector<Shortfall> shortfalls = {});
  void write(JsonOut& out) const override;
};

// GPU indexes as a `data` value (a list of integers).
std::vector<std::int64_t> index_values(const std::vector<int>& indexes);

}  // namespace placement::mindie
