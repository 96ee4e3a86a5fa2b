// The SGLang multi-worker strategy's own extras (§3.4 item 7, §6.3), typed while the strategy
// runs and written when the trace is read: per GPU type, the balanced-group gates and the one
// walk over the type's workers, by GPU count.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "fit/common/rejections.h"
#include "fit/common/shortfall.h"
#include "trace/trace.h"

namespace placement {

// Workers with the same GPU count, joined in order until their claims hold the estimate.
struct SglangCountGroup {
  std::size_t gpus_per_worker = 0, workers = 0;
  Rejections rejections;
  bool too_few_workers = false;  // written as skipped, and nothing after it
  std::size_t joined = 0;        // workers joined
  Bytes vram_sum = 0;            // bytes: their claims at u
  std::optional<Shortfall> shortfall;  // vram_total, when the joined workers fell short
  void write(JsonOut& out) const;
};

// The walk over a type's workers: stopped before it began, or its count groups.
struct SglangWalk {
  const char* stopped = nullptr;  // a string literal
  std::vector<SglangCountGroup> count_groups;
  void write(JsonOut& out) const;
};

// A GPU of a balanced group below the utilisation ratio.
struct SglangFailingGpu {
  std::string worker;
  Shortfall shortfall;  // vram_ratio
};

// One balanced GPU group: whether it opened the search, why not, and the walk it ran (only the
// type's first passing gate walks; later ones say they are the same).
struct SglangGate {
  std::size_t gpus = 0;
  bool passed = false;
  const char* why = nullptr;  // a string literal, when not passed
  std::vector<SglangFailingGpu> failing;  // written when not empty
  bool same_walk = false;                 // passed after an earlier gate walked
  std::optional<SglangWalk> walk;         // the walk this gate ran
  void write(JsonOut& out) const;
};

struct SglangTypeRecord {
  std::string gpu_type;
  std::size_t workers = 0;
  std::vector<SglangGate> gates;
  Rejections rejections;  // workers short of RAM, written when not empty
  void write(JsonOut& out) const;
};

// The extra `types`: one record per GPU type, in walking order.
class SglangMultiWorkerTypes final : public DeferredList {
 public:
  std::vector<SglangTypeRecord> types;
  void write(JsonOut& out) const override;
};

}  // namespace placement
