// Custom's §6.4 rejections, typed while a path runs and written when the trace is read. Custom's
// shape differs from the shared Rejection: its subject's gpu_indexes is null for a worker without
// a usable GPU type, and `data` is written only when the rejection has figures.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fit/common/data_fields.h"
#include "fit/common/shortfall.h"
#include "fit/common/strategy_record.h"
#include "scenario/types.h"

namespace placement::custom {

struct CustomRejection {
  std::int64_t worker_id = 0;
  std::string worker_name;
  std::optional<std::vector<int>> gpu_indexes;  // null: the worker offers no GPU of a usable type
  const char* code = "";                        // a string literal
  std::vector<Shortfall> shortfalls;
  DataFields data;  // empty: no `data` member
};

class CustomRejections final : public DeferredList {
 public:
  std::vector<CustomRejection> list;

  void add(const Worker& w, std::optional<std::vector<int>> gpu_indexes, const char* code,
           std::vector<Shortfall> shortfalls = {}, DataFields data = {});
  void write(JsonOut& out) const override;
};

// A new list, set as `rec`'s rejections (the record keeps it; the path adds to it).
CustomRejections& begin_rejections(StrategyRecord& rec);

// A shortfall of `dim` (a string literal): short = need − have.
Shortfall custom_shortfall(const char* dim, std::optional<int> gpu_index, Bytes need, Bytes have, bool freeable);

}  // namespace placement::custom
