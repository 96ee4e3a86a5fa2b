#include "app/gpu_presets.h"

namespace placement::ui {

Json custom_gpu(int index, const std::string& type, std::int64_t memory_total) {
  Json gpu = Json::object();
  gpu["index"] = index;
  gpu["name"] = "Custom " + type + " device";
  gpu["vendor"] = type == "cuda" ? "nvidia" : type == "rocm" ? "amd" : type == "cann" ? "ascend" : type == "mps" ? "apple" : "";
  gpu["type"] = type;
  gpu["memory"] = Json{{"total", memory_total}};
  return gpu;
}

}  // namespace placement::ui
