#include "filters/verdict_data.h"

namespace placement::filters {

namespace {

void write_optional(JsonOut& out, std::string_view key, const std::optional<std::int64_t>& v) {
  out.key(key);
  if (v) out.number(*v);
  else out.null();
}

}  // namespace

void write_string_or_null(JsonOut& out, std::string_view key, const std::optional<std::string>& v) {
  out.key(key);
  if (v) out.string(*v);
  else out.null();
}

void WorkerStateData::write(JsonOut& out) const {
  out.begin_object();
  out.member("state", state);
  out.end_object();
}

void ClusterData::write(JsonOut& out) const {
  out.begin_object();
  write_optional(out, "worker", worker);
  write_optional(out, "model", model);
  out.end_object();
}

void LabelData::write(JsonOut& out) const {
  out.begin_object();
  out.member("key", key);
  if (values) {
    out.member("want", values->first);
    out.member("have", values->second);
  }
  out.end_object();
}

void LocalPathData::write(JsonOut& out) const {
  out.begin_object();
  out.member("path", path);
  out.end_object();
}

void SelectedGpusData::write(JsonOut& out) const {
  out.begin_object();
  out.key("gpu_ids");
  out.begin_array();
  for (const std::string& id : gpu_ids) out.string(id);
  out.end_array();
  out.end_object();
}

void write_condition_members(JsonOut& out, const Condition& c) {
  out.member("type", c.type);
  write_string_or_null(out, "runtime", c.runtime);
  write_string_or_null(out, "variant", c.variant);
}

void SupportedData::write(JsonOut& out) const {
  out.begin_object();
  out.member("source", source);
  out.member("version", version);
  out.key("condition");
  out.begin_object();
  write_condition_members(out, condition);
  out.end_object();
  out.end_object();
}

void UnsupportedConditions::write(JsonOut& out) const {
  write_object_array(out, reasons, [&](const UnsupportedCondition& r) {
    write_condition_members(out, r.condition);
    write_string_or_null(out, "version", r.version);
    out.member("why", r.why);
  });
}

void UnsupportedData::write(JsonOut& out) const {
  out.begin_object();
  out.key("conditions");
  conditions->write(out);
  out.end_object();
}

}  // namespace placement::filters
