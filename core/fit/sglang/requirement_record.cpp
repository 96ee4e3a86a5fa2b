#include "fit/sglang/requirement_record.h"

#include <string_view>

#include "trace/json_out_values.h"

namespace placement {

void SglangTypeUtilisation::write(JsonOut& out) const {
  out.begin_object();
  out.member("gpu_type", gpu_type);
  const bool not_selected = std::string_view(source) == "not_selected";
  if (!not_selected) out.member("source", source);
  if (calculator) {
    out.key("calculator");
    out.begin_object();
    calculator->write(out);
    out.end_object();
  }
  write_optional(out, "u", u);
  if (not_selected) out.member("source", source);
  out.end_object();
}

void SglangRequirement::write(JsonOut& out) const {
  out.member("selector", "sglang");
  out.member("vram", vram);
  out.member("vram_source", vram_source);
  out.member("ram", ram);
  out.member("image_model", image_model);
  out.member("world_size", world_size);
  out.member("world_labels", world_labels);
  write_optional(out, "gpu_count", gpu_count);
  out.member("parameters", parameters);
  out.key("u_by_type");
  out.begin_array();
  for (const SglangTypeUtilisation& t : u_by_type) t.write(out);
  out.end_array();
  if (!u) return;
  out.member("u", *u);
  if (vram_over_u) {
    out.member("vram_over_u", static_cast<Bytes>(static_cast<double>(vram) / *u));
    out.member("u_percent", static_cast<long long>(*u * 100));
  }
}

}  // namespace placement
