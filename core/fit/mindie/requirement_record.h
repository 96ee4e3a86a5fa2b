// MindIE's requirement record (§6.1 requirement, §3.5.3): the estimate, the NPU memory fraction
// it is divided by, and the parallel world the parameters ask for.
#pragma once

#include <optional>

#include "fit/mindie/mindie_estimate.h"
#include "fit/mindie/mindie_parameters.h"
#include "trace/trace.h"

namespace placement::mindie {

class MindieRequirement final : public TraceRecord {
 public:
  MindieRequirement(UsageEstimate estimate, ServingParameters parameters, ParameterWorld world, std::optional<int> gpu_count)
      : estimate_(std::move(estimate)), parameters_(std::move(parameters)), world_(std::move(world)), gpu_count_(gpu_count) {}
  // The record's members (the trace opens the object).
  void write(JsonOut& out) const override;

 private:
  UsageEstimate estimate_;
  ServingParameters parameters_;
  ParameterWorld world_;
  std::optional<int> gpu_count_;
};

}  // namespace placement::mindie
