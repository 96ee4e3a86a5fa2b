#include "fit/common/shared_rules.h"
#include "fit/custom/custom_paths.h"

namespace placement::custom {

namespace {
constexpr double kRamShareOfVram = 0.1;
constexpr Bytes kMinRam = 2 * kGiB;
}  // namespace

CustomRequest custom_request(const Scenario& scenario, const Model& model) {
  CustomRequest r;
  r.vram = estimate_vram(scenario, model);
  r.vram_source = env_vram_claim(model) ? "env" : "weights_bytes";
  r.ram = std::max(static_cast<Bytes>(static_cast<double>(r.vram) * kRamShareOfVram), kMinRam);
  return r;
}

}  // namespace placement::custom
