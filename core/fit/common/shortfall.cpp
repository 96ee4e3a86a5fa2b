#include "fit/common/shortfall.h"

namespace placement {

void Shortfall::write(JsonOut& out) const {
  out.begin_object();
  write_members(out);
  out.end_object();
}

void Shortfall::write_members(JsonOut& out) const {
  out.member("dim", dim);
  if (gpu_index) out.member("gpu_index", *gpu_index);
  out.member("need", need);
  out.member("have", have);
  out.member("short", short_by);
  out.member("freeable", freeable);
}

Shortfall make_shortfall(const char* dim, Bytes need, Bytes have, Bytes capacity, std::optional<int> gpu_index) {
  return Shortfall{dim, gpu_index, need, have, need > have ? need - have : 0, capacity >= need};
}

}  // namespace placement
