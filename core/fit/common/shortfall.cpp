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

Json Shortfall::to_json() const {
  Json s = Json::object();
  s["dim"] = dim;
  if (gpu_index) s["gpu_index"] = *gpu_index;
  s["need"] = need;
  s["have"] = have;
  s["short"] = short_by;
  s["freeable"] = freeable;
  return s;
}

Shortfall make_shortfall(const char* dim, Bytes need, Bytes have, Bytes capacity, std::optional<int> gpu_index) {
  return Shortfall{dim, gpu_index, need, have, need > have ? need - have : 0, capacity >= need};
}

}  // namespace placement
