// FastWorker: load_worker's reading of the usual worker shape (fast_element.h).
#include <algorithm>

#include "scenario/fast_element.h"
#include "scenario/limits.h"

namespace placement {

namespace {
// Fields per context, in the order of their ids.
enum WorkerField { kId, kName, kState, kClusterId, kLabels, kReserved, kStatus, kLocalPaths };
enum StatusField { kMemory, kGpuDevices };
enum MemoryField { kTotal, kUnified };
enum GpuMemoryField { kGpuTotal, kGpuUsed };
enum GpuField { kIndex, kType, kVendor, kGpuName, kRuntime, kArch, kGpuMemory, kNetwork };
enum NetworkField { kNetStatus, kInet };
}  // namespace

int FastWorker::field_of(int ctx, const std::string& key) const {
  switch (ctx) {
    case cWorker: return index_of(key, {"id", "name", "state", "cluster_id", "labels", "system_reserved", "status", "local_paths"});
    case cLabels: return kMapEntry;
    case cReserved: return index_of(key, {"ram", "memory", "vram", "gpu_memory"});
    case cStatus: return index_of(key, {"memory", "gpu_devices"});
    case cStatusMemory: return index_of(key, {"total", "is_unified_memory"});
    case cGpu: return index_of(key, {"index", "type", "vendor", "name", "runtime_version", "arch_family", "memory", "network"});
    case cGpuMemory: return index_of(key, {"total", "used"});
    case cGpuNetwork: return index_of(key, {"status", "inet"});
    default: return kUnknown;
  }
}

int FastWorker::on_open(int ctx, int field, bool array) {
  if (ctx == kRoot) return array ? -1 : cWorker;
  if (ctx == cGpus && !array) {
    if (worker.gpus.size() >= limits::kMaxGpusPerWorker) return -1;
    worker.gpus.emplace_back();
    return cGpu;
  }
  if (array && ctx == cStatus && field == kGpuDevices) {
    worker.gpus.reserve(8);  // the usual server; more grow as usual
    return cGpus;
  }
  if (array) return -1;
  if (ctx == cWorker && field == kLabels) return cLabels;
  if (ctx == cWorker && field == kReserved) return cReserved;
  if (ctx == cWorker && field == kStatus) return cStatus;
  if (ctx == cStatus && field == kMemory) return cStatusMemory;
  if (ctx == cGpu && field == kGpuMemory) return cGpuMemory;
  if (ctx == cGpu && field == kNetwork) return cGpuNetwork;
  return -1;
}

bool FastWorker::on_value(int ctx, int field, const Scalar& v) {
  Worker& w = worker;
  switch (ctx) {
    case cWorker:
      switch (field) {
        case kId: return int_value(v, w.id);
        case kName: return string_value(v, w.name);
        case kState: return string_value(v, w.state);
        case kClusterId: return int_value(v, w.cluster_id.emplace());
        default: return false;
      }
    case cLabels: {
      const auto same = [this](const auto& p) { return p.first == map_key_; };
      if (v.kind != Scalar::string || std::any_of(w.labels.begin(), w.labels.end(), same)) return false;
      w.labels.emplace_back(map_key_, *v.s);
      return true;
    }
    case cReserved:
      reserved_seen_ |= 1u << field;
      return size_value(v, reserved_[field]);
    case cStatusMemory:
      if (field == kTotal) return size_value(v, w.memory_total);
      return v.kind == Scalar::boolean && ((w.is_unified_memory = v.b), true);
    case cGpu: {
      GpuDevice& g = w.gpus.back();
      switch (field) {
        case kIndex: return int_within(v, 0, limits::kMaxGpuIndex, g.index);
        case kType: return string_value(v, g.type);
        case kVendor: return string_value(v, g.vendor);
        case kGpuName: return string_value(v, g.name);
        case kRuntime: return string_value(v, g.runtime_version.emplace());
        case kArch: return string_value(v, g.arch_family.emplace());
        default: return false;
      }
    }
    case cGpuMemory:
      // A used figure that is no size gives up: load_gpu then leaves it out.
      if (field == kGpuUsed) return size_value(v, w.gpus.back().memory_used.emplace());
      return size_value(v, w.gpus.back().memory_total);
    case cGpuNetwork:
      return string_value(v, field == kNetStatus ? w.gpus.back().network_status.emplace() : w.gpus.back().network_inet.emplace());
    default: return false;
  }
}

bool FastWorker::on_close(int ctx, std::uint32_t seen) {
  switch (ctx) {
    case cWorker: {
      if (!seen_all(seen, {kId, kName, kState, kStatus})) return false;
      // system_reserved: {ram, vram}, or the older {memory, gpu_memory}.
      const auto has = [this](int f) { return (reserved_seen_ >> f) & 1u; };
      worker.reserved_ram = has(0) ? reserved_[0] : has(1) ? reserved_[1] : 0;
      worker.reserved_vram = has(2) ? reserved_[2] : has(3) ? reserved_[3] : 0;
      const auto os = std::find_if(worker.labels.begin(), worker.labels.end(), [](const auto& p) { return p.first == "os"; });
      if (os != worker.labels.end()) worker.os = os->second;
      return true;
    }
    case cStatus: return seen_all(seen, {kMemory});
    case cStatusMemory: return seen_all(seen, {kTotal});
    case cGpuMemory: return seen_all(seen, {kGpuTotal});
    case cGpu: {
      const GpuDevice& g = worker.gpus.back();
      const auto same = [&g](const GpuDevice& o) { return o.type == g.type && o.index == g.index; };
      return seen_all(seen, {kIndex, kType, kGpuMemory}) && std::none_of(worker.gpus.begin(), worker.gpus.end() - 1, same);
    }
    default: return true;
  }
}

}  // namespace placement
