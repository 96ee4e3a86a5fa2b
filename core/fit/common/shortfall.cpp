#include "fit/common/shortfall.h"

namespace placement {

Json shortfall(const std::string& dim, Bytes need, Bytes have, Bytes capacity, std::optional<int> gpu_index) {
  Json s = Json::object();
  s["dim"] = dim;
  if (gpu_index) s["gpu_index"] = *gpu_index;
  s["need"] = need;
  s["have"] = have;
  s["short"] = need > have ? need - have : 0;
  s["freeable"] = capacity >= need;
  return s;
}

Shortfall make_shortfall(const char* dim, Bytes need, Bytes have, Bytes capacity, std::optional<int> gpu_index) {
  return Shortfall{dim, gpu_index, need, have, capacity};
}

Json Shortfall::to_json() const { return shortfall(dim, need, have, capacity, gpu_index); }

}  // namespace placement
