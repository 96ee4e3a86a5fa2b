#include "scorers/offload_layer_scorer.h"

#include "scenario/errors.h"

namespace placement {

double offload_layer_score(const ModelInstance& inst, double max_score, Json& rec) {
  const ResourceClaim* claim = inst.claim ? &*inst.claim : nullptr;
  rec["offload_layers"] = claim && claim->offload_layers ? Json(*claim->offload_layers) : Json(nullptr);
  rec["total_layers"] = claim && claim->total_layers ? Json(*claim->total_layers) : Json(nullptr);
  if (!claim || !claim->offload_layers || !claim->total_layers) {
    rec["rule"] = claim ? "no_layer_counts" : "no_claim";
    rec["quirks"] = Json::array({"Q8"});
    rec["score"] = 0.0;
    return 0;
  }
  const int offload = *claim->offload_layers;
  const int total = *claim->total_layers;
  double score = 0;
  if (offload == total) {
    rec["rule"] = "all_offloaded";
    score = max_score;
  } else {
    if (total == 0)
      throw ReferenceError("scoring", "offload layer: total_layers is 0 (GPUStack divides by it)",
                           Json{{"instance_id", inst.id}, {"instance_name", inst.name}, {"offload_layers", offload}});
    rec["rule"] = "ratio";
    score = static_cast<double>(offload) / static_cast<double>(total) * max_score;
  }
  rec["score"] = score;
  return score;
}

}  // namespace placement
