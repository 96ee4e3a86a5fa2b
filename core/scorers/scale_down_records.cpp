#include "scorers/scale_down_records.h"

#include "scorers/id_array.h"

namespace placement {

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
