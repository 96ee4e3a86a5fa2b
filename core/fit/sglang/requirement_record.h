// SGLang's requirement record (§6.1 requirement, §3.4): what one replica asks for, the memory
// fraction per GPU type (with the calculator's per-GPU list kept typed) and the largest of them.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scenario/types.h"
#include "trace/trace.h"

namespace placement {

struct SglangRequirement final : public TraceRecord {
  Bytes vram = 0;
  std::string vram_source;
  Bytes ram = 0;
  bool image_model = false;
  long long world_size = 0;
  std::string world_labels;
  std::optional<int> gpu_count;
  Json parameters;
  // One entry per GPU type; an entry's calculator.gpus_counted is the list kept for its position.
  Json u_by_type = Json::array();
  std::vector<std::pair<std::size_t, std::shared_ptr<const TraceRecord>>> gpus_counted;
  // Set once every type has a fraction (a missing one fails the decision first).
  std::optional<double> u;
  bool vram_over_u = false;  // written with u_percent when u is not 0 and the model is no image model

  // The record's members (the trace opens the object).
  void write(JsonOut& out) const override;

 private:
  void write_u_by_type(JsonOut& out) const;
};

}  // namespace placement
