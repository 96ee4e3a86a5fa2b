#include "fit/sglang/requirement_record.h"

namespace placement {

namespace {

// `entry` with its calculator's gpus_counted written by `list`.
void write_entry_with_list(JsonOut& out, const Json& entry, const TraceRecord& list) {
  out.begin_object();
  for (auto it = entry.begin(); it != entry.end(); ++it) {
    out.key(it.key());
    if (it.key() != "calculator") {
      out.value(it.value());
      continue;
    }
    out.begin_object();
    for (auto c = it.value().begin(); c != it.value().end(); ++c) {
      out.key(c.key());
      if (c.key() == "gpus_counted") list.write(out);
      else out.value(c.value());
    }
    out.end_object();
  }
  out.end_object();
}

}  // namespace

void SglangRequirement::write_u_by_type(JsonOut& out) const {
  out.begin_array();
  for (std::size_t i = 0; i < u_by_type.size(); ++i) {
    const TraceRecord* list = nullptr;
    for (const auto& [index, l] : gpus_counted)
      if (index == i) list = l.get();
    if (list) write_entry_with_list(out, u_by_type[i], *list);
    else out.value(u_by_type[i]);
  }
  out.end_array();
}

void SglangRequirement::write(JsonOut& out) const {
  out.member("selector", "sglang");
  out.member("vram", vram);
  out.member("vram_source", vram_source);
  out.member("ram", ram);
  out.member("image_model", image_model);
  out.member("world_size", world_size);
  out.member("world_labels", world_labels);
  out.key("gpu_count");
  if (gpu_count) out.number(*gpu_count);
  else out.null();
  out.member("parameters", parameters);
  out.key("u_by_type");
  write_u_by_type(out);
  if (!u) return;
  out.member("u", *u);
  if (vram_over_u) {
    out.member("vram_over_u", static_cast<Bytes>(static_cast<double>(vram) / *u));
    out.member("u_percent", static_cast<long long>(*u * 100));
  }
}

}  // namespace placement
