// FastInstance: load_instance's reading of the usual model instance shape (fast_element.h).
#include <algorithm>
#include <cctype>

#include "scenario/fast_element.h"
#include "scenario/limits.h"
#include "scenario/scenario_sections.h"

namespace placement {

namespace {
enum InstanceField { kId, kModelId, kName, kBackend, kState, kWorkerId, kWorkerName, kGpuType, kGpuIndexesField, kClaimField, kServersField };
enum ClaimField { kRam, kVramField, kOffloadLayers, kTotalLayers, kTensorSplit, kVramUtilization, kUnified };
enum ServersField { kSubordinateWorkers };


// A VRAM key the regular loader takes: 1 to 6 digits.
bool gpu_index_key(const std::string& key) {
  return !key.empty() && key.size() <= 6 && std::all_of(key.begin(), key.end(), [](unsigned char c) { return std::isdigit(c); });
}
}  // namespace

int FastInstance::field_of(int ctx, const std::string& key) const {
  switch (ctx) {
    case cInstance:
      return index_of(key, {"id", "model_id", "name", "backend", "state", "worker_id", "worker_name", "gpu_type", "gpu_indexes",
                            "computed_resource_claim", "distributed_servers"});
    case cClaim:
      return index_of(key, {"ram", "vram", "offload_layers", "total_layers", "tensor_split", "vram_utilization", "is_unified_memory"});
    case cVram: return kMapEntry;
    case cServers: return index_of(key, {"subordinate_workers"});
    default: return kUnknown;
  }
}

int FastInstance::on_open(int ctx, int field, bool array) {
  if (ctx == kRoot) return array ? -1 : cInstance;
  if (ctx == cInstance && field == kGpuIndexesField && array) {
    instance.gpu_indexes.emplace();
    return cGpuIndexes;
  }
  if (ctx == cInstance && field == kClaimField && !array) {
    instance.claim.emplace();
    return cClaim;
  }
  if (ctx == cClaim && field == kVramField && !array) {
    instance.claim->vram_present = true;
    vram_keys_.clear();
    return cVram;
  }
  if (ctx == cInstance && field == kServersField && !array) return cServers;
  if (ctx == cServers && field == kSubordinateWorkers && array) return cSubordinates;
  return -1;  // subordinate workers among them: rare, left to the regular loader
}

bool FastInstance::on_value(int ctx, int field, const Scalar& v) {
  ModelInstance& m = instance;
  switch (ctx) {
    case cInstance:
      switch (field) {
        case kId: return int_value(v, m.id);
        case kModelId: return int_value(v, m.model_id.emplace());
        case kName: return string_value(v, m.name);
        case kBackend: return string_value(v, m.backend.emplace());
        case kState: {
          const auto& states = instance_states();
          return string_value(v, m.state) && std::find(states.begin(), states.end(), m.state) != states.end();
        }
        case kWorkerId: return int_value(v, m.worker_id.emplace());
        case kWorkerName: return string_value(v, m.worker_name.emplace());
        case kGpuType: return string_value(v, m.gpu_type.emplace());
        default: return false;
      }
    case cGpuIndexes: {
      int index = 0;
      if (!int_within(v, 0, limits::kMaxGpuIndex, index)) return false;
      m.gpu_indexes->push_back(index);
      return true;
    }
    case cClaim: {
      ResourceClaim& c = *m.claim;
      int layers = 0;
      switch (field) {
        case kRam: return size_value(v, c.ram.emplace());
        case kOffloadLayers: return int_within(v, 0, limits::kMaxLayers, layers) && ((c.offload_layers = layers), true);
        case kTotalLayers: return int_within(v, 0, limits::kMaxLayers, layers) && ((c.total_layers = layers), true);
        case kUnified: return v.kind == Scalar::boolean && ((c.is_unified_memory = v.b), true);
        default: return false;  // tensor_split, vram_utilization: rare, left to the regular loader
      }
    }
    case cVram: {
      if (!gpu_index_key(map_key_) || std::find(vram_keys_.begin(), vram_keys_.end(), map_key_) != vram_keys_.end()) return false;
      Bytes bytes = 0;
      if (!size_value(v, bytes)) return false;
      vram_keys_.push_back(map_key_);
      m.claim->vram.emplace_back(std::stoi(map_key_), bytes);
      return true;
    }
    default: return false;
  }
}

bool FastInstance::on_close(int ctx, std::uint32_t seen) {
  if (ctx != cInstance) return true;
  if (!seen_all(seen, {kId, kModelId})) return false;
  if (!(seen & (1u << kState))) instance.state = "pending";
  return true;
}

}  // namespace placement
