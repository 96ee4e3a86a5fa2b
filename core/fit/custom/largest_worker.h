// Custom single_worker_multi_gpu's `largest_worker` extra: the worker with the most allocatable
// VRAM, whose figures GPUStack's explanation reads (§3.6.3).
#pragma once

#include <cstddef>

#include "scenario/types.h"
#include "trace/trace.h"

namespace placement::custom {

class LargestWorker final : public DeferredList {
 public:
  LargestWorker(Bytes allocatable_vram, std::size_t gpu_count) : allocatable_vram_(allocatable_vram), gpu_count_(gpu_count) {}
  void write(JsonOut& out) const override {
    out.begin_object();
    out.member("allocatable_vram", allocatable_vram_);  // bytes
    out.member("gpu_count", gpu_count_);
    out.end_object();
  }

 private:
  Bytes allocatable_vram_;
  std::size_t gpu_count_;
};

}  // namespace placement::custom
