#include "filters/filter_summaries.h"

namespace placement::filters {

void write_strings(JsonOut& out, const std::vector<std::string>& strings) {
  out.begin_array();
  for (const std::string& s : strings) out.string(s);
  out.end_array();
}

void StatusSummary::write(JsonOut& out) const {
  out.begin_object();
  out.member("matched", matched);
  out.member("of", of);
  out.end_object();
}

void ClusterSummary::write(JsonOut& out) const {
  out.begin_object();
  out.member("matched", matched);
  out.key("model_cluster_id");
  if (model_cluster_id) out.number(*model_cluster_id);
  else out.null();
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
  out.key("note");
  if (note) out.string(*note);
  else out.null();
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
