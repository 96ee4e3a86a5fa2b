#include "fit/sglang/mem_fraction_detail.h"

#include <cstring>

#include "trace/json_out_values.h"

namespace placement {

void CountedGpus::write(JsonOut& out) const {
  write_object_array(out, rows, [&](const CountedGpu& g) {
    out.member("worker", g.worker);
    out.member("gpu_index", g.gpu_index);
    out.member("type", g.type);
    out.member("total", g.total);
  });
}

void MemFractionDetail::write(JsonOut& out) const {
  write_optional(out, "gpu_type", gpu_type);
  out.member("source", source);
  if (std::strcmp(source, "calculator") != 0) return;
  out.key("gpus_counted");
  if (gpus_counted) gpus_counted->write(out);
  else out.null();
  out.member("min_gpu_total", min_gpu_total);
  out.member("gpu_mem_mib", gpu_mem_mib);
  out.member("is_npu", is_npu);
  out.member("max_tp", max_tp);
  out.member("max_pp", max_pp);
  out.member("chunked_prefill_size", chunked_prefill_size);
  out.member("chunked_prefill_size_source", chunked_prefill_size_from_parameter ? "parameter" : "table");
  out.member("cuda_graph_max_bs", cuda_graph_max_bs);
  out.member("cuda_graph_max_bs_source", cuda_graph_max_bs_from_parameter ? "parameter" : "table");
  out.member("dp_attention", dp_attention);
  out.member("large_gpu_floor_10240", large_gpu_floor_10240);
  out.member("speculative_reserve_mib", speculative_reserve_mib);
  out.member("piecewise_reserve_mib", piecewise_reserve_mib);
  out.member("reserved_mib", reserved_mib);
  out.member("u_before_vision", u_before_vision);
  if (vision_factor) out.member("vision_factor", *vision_factor);
  out.member("u", u);
}

}  // namespace placement
