#include "fit/mindie/strategies.h"

#include <cstdio>
#include <cstdlib>

namespace placement::mindie {

bool nic_ready(const GpuDevice& d) {
  return d.network_status && *d.network_status == "up" && d.network_inet && !d.network_inet->empty();
}

std::string gpu_address(const GpuDevice& d) { return nic_ready(d) ? *d.network_inet : "-.-.-.-"; }

ResourceClaim mindie_claim(Bytes ram, const VramMap& vram) {
  ResourceClaim c;
  c.ram = ram;
  c.vram = vram;
  c.vram_present = true;
  c.is_unified_memory = false;  // the pydantic default GPUStack leaves in MindIE claims
  return c;
}

}  // namespace placement::mindie
