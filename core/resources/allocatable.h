// Allocatable memory per worker (scheduler-rules.md §1.5, the central formula): what is left of each
// GPU and of RAM after system reservations and the claims of existing instances. Instances are
// indexed once per worker so a thousand-worker cluster costs one pass, not one per query.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "scenario/types.h"

namespace placement {

struct Allocatable {
  Bytes ram = 0;
  VramMap vram;  // device order; index → allocatable bytes
  // What was subtracted, for explanations and the "freeable" part of shortfalls.
  Bytes allocated_ram = 0;
  VramMap allocated_vram;
  bool uma_missing_index0 = false;  // UMA worker with GPUs but no index 0 (a reference error where used)

  const Bytes* gpu(int index) const { return find_vram(vram, index); }
  Bytes gpu_or_zero(int index) const {
    const Bytes* v = gpu(index);
    return v ? *v : 0;
  }
  Bytes vram_total() const { return vram_sum(vram); }
  Bytes allocated_gpu(int index) const {
    const Bytes* v = find_vram(allocated_vram, index);
    return v ? *v : 0;
  }
};

class AllocationIndex {
 public:
  // `instances` must outlive the index. Pass a filtered list for scale-down (Q6).
  explicit AllocationIndex(const std::vector<const ModelInstance*>& instances);
  explicit AllocationIndex(const std::vector<ModelInstance>& instances);

  // Indexes one more instance, after those given (it must outlive the index too).
  void add(const ModelInstance& instance);

  // `gpu_type` set: only GPUs of that type, and the type rule of §1.5 for claims.
  Allocatable compute(const Worker& worker, const std::optional<std::string>& gpu_type = std::nullopt) const;

  // compute(worker).allocated_gpu(index) without building the maps (any GPU type).
  Bytes allocated_on_gpu(const Worker& worker, int index) const;

  // Instances touching a worker (main or subordinate), in scenario order.
  const std::vector<const ModelInstance*>& instances_on(std::int64_t worker_id) const;

 private:
  void build(const std::vector<const ModelInstance*>& instances);
  std::unordered_map<std::int64_t, std::vector<const ModelInstance*>> by_worker_;  // lookup only, never iterated for output
  std::vector<const ModelInstance*> empty_;
};

}  // namespace placement
