// The MindIE multi-worker strategy's `attempts` extra (§3.5.8, §6.3), typed while the strategy
// runs and written when the trace is read: one entry per device-count group, and per local size
// for the groups that were walked.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fit/common/shared_rules.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement::mindie {

// What a walk at one local size covered (absent for groups never walked).
struct AttemptWalk {
  long long local_size = 0;       // devices per worker
  std::vector<std::string> joined;  // workers that joined
  Bytes vram = 0;                 // bytes the joined workers cover
  long long world_remaining = 0;  // world size still uncovered
};

// too_few_gpus: the world and local size asked and the group's devices.
struct AttemptTooFewGpus {
  long long world = 0, local = 0, devices = 0;
};

// vram_short: bytes needed, covered, and the gap.
struct AttemptVramShort {
  Bytes need = 0, have = 0, short_by = 0;
};

struct MindieAttempt {
  long long device_count = 0;      // devices per worker of the group
  std::vector<std::string> group;  // the group's workers
  std::optional<AttemptWalk> walk;
  const char* outcome = "";  // a string literal: accepted, too_few_workers, too_few_gpus, ...
  // The outcome's figures (`data`), at most one set.
  std::optional<AttemptTooFewGpus> too_few_gpus;
  std::optional<TpCheck> tp_not_divisible;
  std::optional<AttemptVramShort> vram_short;
  void write(JsonOut& out) const;
};

class MindieAttempts final : public DeferredList {
 public:
  std::vector<MindieAttempt> list;
  void write(JsonOut& out) const override;
};

}  // namespace placement::mindie
