// SGLang's requirement record (§6.1 requirement, §3.4): what one replica asks for, the memory
// fraction per GPU type (with the calculator's per-GPU list kept typed) and the largest of them.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fit/sglang/mem_fraction_detail.h"
#include "fit/sglang/sglang_parameters.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

// u_by_type[]: one GPU type's memory fraction and where it came from.
struct SglangTypeUtilisation {
  std::string gpu_type;
  const char* source = "";  // not_selected, parameter, calculator, parameter_not_positive
  std::optional<MemFractionDetail> calculator;  // when the calculator was asked
  std::optional<double> u;                      // null: not selected, or a non-positive parameter
  void write(JsonOut& out) const;
};

struct SglangRequirement final : public TraceRecord {
  Bytes vram = 0;
  std::string vram_source;
  Bytes ram = 0;
  bool image_model = false;
  long long world_size = 0;
  std::string world_labels;
  std::optional<int> gpu_count;
  SglangParameters parameters;  // as read and validated
  std::vector<SglangTypeUtilisation> u_by_type;  // one entry per GPU type
  // Set once every type has a fraction (a missing one fails the decision first).
  std::optional<double> u;
  bool vram_over_u = false;  // written with u_percent when u is not 0 and the model is no image model

  // The record's members (the trace opens the object).
  void write(JsonOut& out) const override;
};

}  // namespace placement
