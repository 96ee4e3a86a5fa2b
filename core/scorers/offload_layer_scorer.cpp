#include "scorers/offload_layer_scorer.h"

#include "scenario/errors.h"

namespace placement {

double offload_layer_score(const ModelInstance& inst, double max_score, OffloadItem& item) {
  const ResourceClaim* claim = inst.claim ? &*inst.claim : nullptr;
  if (claim) item.offload_layers = claim->offload_layers, item.total_layers = claim->total_layers;
  if (!claim || !claim->offload_layers || !claim->total_layers) {
    item.rule = claim ? offload_rule::kNoLayerCounts : offload_rule::kNoClaim;
    item.q8 = true;
    item.score = 0.0;
    return 0;
  }
  const int offload = *claim->offload_layers;
  const int total = *claim->total_layers;
  double score = 0;
  if (offload == total) {
    item.rule = offload_rule::kAllOffloaded;
    score = max_score;
  } else {
    if (total == 0)
      throw ReferenceError("scoring", "offload layer: total_layers is 0 (GPUStack divides by it)",
                           DataFields{{"instance_id", inst.id}, {"instance_name", inst.name}, {"offload_layers", offload}});
    item.rule = offload_rule::kRatio;
    score = static_cast<double>(offload) / static_cast<double>(total) * max_score;
  }
  item.score = score;
  return score;
}

void OffloadItem::write(JsonOut& out) const {
  out.key("offload_layers");
  if (offload_layers) out.number(*offload_layers);
  else out.null();
  out.key("total_layers");
  if (total_layers) out.number(*total_layers);
  else out.null();
  if (!rule) return;
  out.member("rule", rule);
  if (q8) {
    out.key("quirks");
    out.begin_array();
    out.string("Q8");
    out.end_array();
  }
  out.member("score", score);
}

}  // namespace placement
