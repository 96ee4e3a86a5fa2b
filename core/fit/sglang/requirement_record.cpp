#include "fit/sglang/requirement_record.h"

#include <string_view>

#include "trace/json_out_values.h"

namespace placement {

namespace {

// The parameters the selector and the calculator read (§3.4.2).
void write_parameters(JsonOut& out, const SglangParameters& p) {
  out.begin_object();
  out.member("tp", p.tp);
  out.member("pp", p.pp);
  out.member("dp", p.dp);
  out.member("nnodes", p.nnodes);
  out.member("enable_dp_attention", p.dp_attention);
  write_optional(out, "speculative_algorithm", p.speculative_algorithm);
  out.member("enable_mixed_chunk", p.mixed_chunk);
  write_optional(out, "mem_fraction_static", p.mem_fraction_static_text);
  write_optional(out, "chunked_prefill_size", p.chunked_prefill_size);
  write_optional(out, "cuda_graph_max_bs", p.cuda_graph_max_bs);
  write_optional(out, "enable_piecewise_cuda_graph", p.piecewise_cuda_graph);
  out.member("piecewise_cuda_graph_max_tokens", p.piecewise_cuda_graph_max_tokens);
  out.end_object();
}

}  // namespace

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
  out.key("parameters");
  write_parameters(out, parameters);
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
