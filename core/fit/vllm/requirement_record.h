// vLLM's requirement record (§6.1 requirement, §3.3): what one replica asks for, the memory
// utilisation and world size that shape the search, and the hyper-parameters it was read from.
#pragma once

#include "fit/vllm/vllm_fit.h"
#include "trace/trace.h"

namespace placement {

class VllmRequirement final : public TraceRecord {
 public:
  // `vram_source`: where the VRAM figure comes from (an object: the env claim or the weights formula).
  VllmRequirement(DataFields vram_source, const VllmSettings& settings, const HfHyperParameters& hp, bool gpus_selected);
  // The record's members (the trace opens the object).
  void write(JsonOut& out) const override;

 private:
  DataFields vram_source_;
  VllmSettings settings_;
  std::optional<long long> num_attention_heads_, vision_heads_, vocab_size_;
  std::vector<std::string> architectures_;
  bool gpus_selected_;
};

}  // namespace placement
