#include "trace/pick_record.h"

#include <utility>

namespace placement {

void ScaleUpPick::picked(std::size_t index, double score, std::string worker_name, std::vector<std::size_t> tied_with) {
  ran_ = true;
  selected_ = index;
  score_ = score;
  worker_name_ = std::move(worker_name);
  tied_with_ = std::move(tied_with);
}

void ScaleUpPick::write(JsonOut& out) const {
  out.begin_object();
  if (ran_) {
    out.key("selected");
    if (!selected_) {
      out.null();
    } else {
      out.number(*selected_);
      out.member("score", score_);
      out.member("worker_name", worker_name_);
      if (!tied_with_.empty()) {
        out.key("tied_with");
        out.begin_array();
        for (const std::size_t i : tied_with_) out.number(i);
        out.end_array();
      }
    }
  }
  out.end_object();
}

void ScaleDownPick::write(JsonOut& out) const {
  out.begin_object();
  out.member("keep", keep);
  out.member("instances", instances);
  out.key("delete");
  out.begin_array();
  for (const std::int64_t id : deleted) out.number(id);
  out.end_array();
  out.end_object();
}

}  // namespace placement
