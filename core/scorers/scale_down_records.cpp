#include "scorers/scale_down_records.h"

#include "scorers/id_array.h"

namespace placement {

namespace {

// {scorer, max, instances}: the status and offload-layer records.
template <class Item>
void write_instance_scorer(JsonOut& out, const char* scorer, double max, const std::vector<ScaleDownRow<Item>>& rows) {
  out.begin_object();
  out.member("scorer", scorer);
  out.member("max", max);
  out.key("instances");
  write_rows(out, rows);
  out.end_object();
}

}  // namespace

void StatusDownRecord::write(JsonOut& out) const { write_instance_scorer(out, "status", kScaleDownStatusMax, instances); }

void OffloadDownRecord::write(JsonOut& out) const {
  write_instance_scorer(out, "offload_layer", kScaleDownOffloadMax, instances);
}

void ScaleDownPlacementHead::write(JsonOut& out) const {
  out.member("scorer", "placement");
  out.member("strategy", strategy);
  out.member("scale", scale_type_name(ScaleType::down));
  out.member("max", kScaleDownPlacementMax);
  if (other_models_ignored_on.empty()) return;
  out.key("other_models_ignored_on");
  write_id_array(out, other_models_ignored_on);
  out.key("quirks");
  out.begin_array();
  out.string("Q6");
  out.end_array();
}

void BinpackDownRecord::write(JsonOut& out) const {
  out.begin_object();
  head.write(out);
  out.key("instances");
  write_rows(out, instances);
  out.end_object();
}

void SpreadDownRecord::write(JsonOut& out) const {
  out.begin_object();
  head.write(out);
  out.key("instances");
  write_rows(out, instances);
  out.key("counts");
  write_spread_counts(out, counts);
  out.key("stats");
  write_spread_stats(out, stats);
  out.end_object();
}

ScaleDownChainRecord ScaleDownChainRecord::nothing_to_rank(const char* why) {
  ScaleDownChainRecord r;
  r.shape_ = Shape::nothing;
  r.why_ = why;
  return r;
}

ScaleDownChainRecord ScaleDownChainRecord::failed() {
  ScaleDownChainRecord r;
  r.shape_ = Shape::failed;
  return r;
}

void ScaleDownChainRecord::write(JsonOut& out) const {
  out.begin_object();
  out.member("scorer", "chain");
  out.member("chain", "scale_down");
  if (shape_ == Shape::nothing) {
    out.member("instances", 0);
    out.member("why", why_);
  } else if (shape_ == Shape::failed) {
    out.member("failed", true);
  } else {
    out.member("sum_max", sum_max);
    out.key("total_max_score");
    if (total_max_score) out.number(*total_max_score);
    else out.null();
    out.member("factor", factor);
    out.key("totals");
    write_object_array(out, totals, [&](const ScaleDownTotal& t) {
      out.member("instance_id", t.instance_id);
      out.member("name", t.name);
      out.member("status", t.status);
      out.member("offload_layer", t.offload_layer);
      out.member("placement", t.placement);
      out.member("sum", t.sum);
      out.member("score", t.score);
    });
  }
  out.key("ranking");
  write_id_array(out, ranking);
  if (shape_ == Shape::ranked) {
    out.key("ties");
    out.begin_array();
    for (const std::vector<std::int64_t>& group : ties) write_id_array(out, group);
    out.end_array();
  }
  out.end_object();
}

}  // namespace placement
