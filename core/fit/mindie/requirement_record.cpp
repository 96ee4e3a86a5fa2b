#include "fit/mindie/requirement_record.h"

#include "trace/json_out_values.h"

namespace placement::mindie {

void MindieRequirement::write(JsonOut& out) const {
  const double u = parameters_.npu_memory_fraction;
  out.member("selector", "mindie");
  out.member("vram", estimate_.vram);
  out.member("ram", estimate_.ram);
  out.member("u", u);
  out.member("vram_over_u", static_cast<Bytes>(static_cast<double>(estimate_.vram) / u));
  out.member("u_percent", static_cast<long long>(u * 100));
  out.member("source", estimate_.from_env ? "env" : "estimate");
  out.key("estimate");
  estimate_.write(out);
  out.member("parameters", parameters_to_json(parameters_));
  out.key("parameter_world");
  out.begin_object();
  out.member("world", world_.world);
  out.member("labels", world_.labels);
  out.end_object();
  write_optional(out, "gpu_count", gpu_count_);
}

}  // namespace placement::mindie
