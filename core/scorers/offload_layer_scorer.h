// Offload-layer scorer (scheduler-rules.md §4.5, max 10): instances with more layers on GPUs are kept
// longer. Without layer counts (every non-GGUF claim) the score is 0 (Q8).
#pragma once

#include <optional>

#include "scorers/scorer_inputs.h"
#include "trace/json_out.h"

namespace placement {

// The rule that decided an instance's offload-layer score.
namespace offload_rule {
inline constexpr const char* kNoClaim = "no_claim";               // Q8
inline constexpr const char* kNoLayerCounts = "no_layer_counts";  // Q8
inline constexpr const char* kAllOffloaded = "all_offloaded";
inline constexpr const char* kRatio = "ratio";
}  // namespace offload_rule

// An instance's offload-layer row: {offload_layers, total_layers (null when absent), rule,
// quirks: [Q8] when a count was missing, score}. A row whose scoring raised stops after the counts.
struct OffloadItem {
  std::optional<int> offload_layers, total_layers;
  const char* rule = nullptr;  // null: GPUStack raised before a rule applied
  bool q8 = false;
  double score = 0;

  void write(JsonOut& out) const;  // members of the open row
};

// Claim or a layer count null → 0 (`item.q8`); equal counts → max; else offload/total × max.
// Throws ReferenceError where GPUStack divides by a total of 0.
double offload_layer_score(const ModelInstance& instance, double max_score, OffloadItem& item);

}  // namespace placement
