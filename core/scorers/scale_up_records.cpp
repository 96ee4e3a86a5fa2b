#include "scorers/scale_up_records.h"

#include "scorers/scorer_inputs.h"

namespace placement {

namespace {

void write_placement_head(JsonOut& out, const char* strategy) {
  out.member("scorer", "placement");
  out.member("strategy", strategy);
  out.member("scale", scale_type_name(ScaleType::up));
  out.member("max", kScaleUpPlacementMax);
}

}  // namespace

void BinpackUpRecord::write(JsonOut& out) const {
  out.begin_object();
  write_placement_head(out, "binpack");
  out.key("candidates");
  candidates.write(out);
  out.end_object();
}

void SpreadUpRecord::write(JsonOut& out) const {
  out.begin_object();
  write_placement_head(out, "spread");
  out.member("model_id_set", model_id_set);
  out.key("counts");
  write_spread_counts(out, counts);
  out.key("stats");
  write_spread_stats(out, stats);
  out.key("candidates");
  candidates.write(out);
  out.end_object();
}

void LocalityRecord::write(JsonOut& out) const {
  out.begin_object();
  out.member("scorer", "model_file_locality");
  out.member("max", kLocalityMax);
  scorer.describe(out);
  out.key("candidates");
  candidates.write(out);
  out.end_object();
}

void ScaleUpChainRecord::write(JsonOut& out) const {
  out.begin_object();
  out.member("scorer", "chain");
  out.member("chain", "scale_up");
  out.key("totals");
  totals.write(out);
  out.key("ties");
  out.begin_array();
  for (const std::vector<std::size_t>& group : ties) {
    out.begin_array();
    for (const std::size_t position : group) out.number(position);
    out.end_array();
  }
  out.end_array();
  out.end_object();
}

}  // namespace placement
