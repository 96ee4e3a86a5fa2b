// The memory-fraction calculator's figures for one GPU type (§3.4 "Calculator"), as the SGLang
// requirement record writes them under u_by_type[].calculator: typed while the selector runs,
// written when the trace is read.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fit/common/worker_pool.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

// "gpus_counted": one row per GPU whose total the smallest-GPU rule read.
struct CountedGpu {
  std::string worker;
  int gpu_index = 0;
  std::string type;
  Bytes total = 0;  // bytes
};

class CountedGpus final : public DeferredList {
 public:
  std::vector<CountedGpu> rows;
  void write(JsonOut& out) const override;
};

struct MemFractionDetail {
  GpuType gpu_type;
  // "calculator", or "parameter_not_positive" (then nothing else is written: GPUStack stops).
  const char* source = "calculator";
  std::shared_ptr<const CountedGpus> gpus_counted;
  Bytes min_gpu_total = 0;   // bytes: the smallest counted GPU
  double gpu_mem_mib = 0;    // MiB, rounded to 2 places
  bool is_npu = false;
  long long max_tp = 0, max_pp = 0;
  long long chunked_prefill_size = 0;
  bool chunked_prefill_size_from_parameter = false;  // else the table
  long long cuda_graph_max_bs = 0;
  bool cuda_graph_max_bs_from_parameter = false;  // else the table
  bool dp_attention = false;
  bool large_gpu_floor_10240 = false;
  double speculative_reserve_mib = 0;   // MiB
  long long piecewise_reserve_mib = 0;  // MiB
  double reserved_mib = 0;              // MiB
  double u_before_vision = 0;
  std::optional<double> vision_factor;  // multimodal models only
  double u = 0;

  // The members, into an open object.
  void write(JsonOut& out) const;
};

}  // namespace placement
