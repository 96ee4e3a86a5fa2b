// What MindIE's automatic strategies share: the request, the parallel rules they walk with, and
// the GiB figures GPUStack prints (byte_to_gib = round(bytes / 2^30, 2)).
#pragma once

#include <string>
#include <vector>

#include "fit/common/data_fields.h"
#include "fit/common/shared_rules.h"
#include "fit/mindie/mindie_workers.h"

namespace placement::mindie {

struct Request {
  Bytes ram = 0;
  Bytes vram = 0;
};

struct WalkRules {
  double fraction = 0.8;
  long long world = -1;  // serving world size; -1 = automatic
  long long local = -1;  // serving local world size; -1 = automatic
  bool distributed = true;
  const HfHyperParameters* hp = nullptr;
  const BackendParameters* params = nullptr;

  // GPUStack's _is_tp_size_divisible: heads and vocab only (no vision heads for MindIE).
  TpCheck tp(long long n) const { return tp_ok(*hp, n, *params, VisionRule::none); }
};

// A §6.9 slot the selector emits only when GPUStack would show its text.
struct MessageSlot {
  std::string key;
  TraceValues values;
};

struct StrategyOutcome {
  std::vector<Candidate> candidates;
  std::vector<MessageSlot> messages;
};

// NIC inet when the link is up, else GPUStack's placeholder "-.-.-.-".
std::string gpu_address(const GpuDevice& d);
bool nic_ready(const GpuDevice& d);

// Python's round(bytes / 2^30, 2), as GPUStack's byte_to_gib.

ResourceClaim mindie_claim(Bytes ram, const VramMap& vram);

}  // namespace placement::mindie
