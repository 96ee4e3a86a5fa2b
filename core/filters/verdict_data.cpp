#include "filters/verdict_data.h"

#include "trace/json_out_values.h"

namespace placement::filters {

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
  write_optional(out, "runtime", c.runtime);
  write_optional(out, "variant", c.variant);
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
    write_optional(out, "version", r.version);
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
