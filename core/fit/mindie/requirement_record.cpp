#include "fit/mindie/requirement_record.h"

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
  out.member("estimate", estimate_.to_json());
  out.member("parameters", parameters_to_json(parameters_));
  out.key("parameter_world");
  out.begin_object();
  out.member("world", world_.world);
  out.member("labels", world_.labels);
  out.end_object();
  out.key("gpu_count");
  if (gpu_count_) out.number(*gpu_count_);
  else out.null();
}

}  // namespace placement::mindie
