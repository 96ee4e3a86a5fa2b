#include "filters/filter_summaries.h"

#include "trace/json_out_values.h"

namespace placement::filters {

void StatusSummary::write(JsonOut& out) const {
  out.begin_object();
  out.member("matched", matched);
  out.member("of", of);
  out.end_object();
}

void ClusterSummary::write(JsonOut& out) const {
  out.begin_object();
  out.member("matched", matched);
  write_optional(out, "model_cluster_id", model_cluster_id);
  out.end_object();
}

void LabelSummary::write(JsonOut& out) const {
  out.begin_object();
  out.key("selector");
  out.begin_object();
  for (const auto& [key, value] : selector) out.member(key, value);
  out.end_object();
  out.member("matched", matched);
  out.member("of", of);
  write_optional(out, "note", note);
  out.end_object();
}

void LocalPathSummary::write(JsonOut& out) const {
  out.begin_object();
  out.member("path", path);
  out.key("workers");
  write_strings(out, workers);
  out.member("more", more);
  out.end_object();
}

void GpuSelectorSummary::write(JsonOut& out) const {
  out.begin_object();
  out.member("matched", matched);
  out.key("named_workers");
  write_strings(out, named_workers);
  out.key("absent");
  write_strings(out, absent);
  out.end_object();
}

void BackendSummary::write(JsonOut& out) const {
  out.begin_object();
  out.member("backend", backend);
  out.member("rows", rows);
  out.key("removed");
  write_strings(out, removed);
  out.end_object();
}

}  // namespace placement::filters
