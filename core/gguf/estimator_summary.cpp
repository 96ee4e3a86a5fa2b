// §2.10: per-device usage → the item gguf-parser prints (RAM and VRAMs, UMA and NonUMA views).
#include "gguf/estimator_internal.h"

namespace placement::gguf::estimator_detail {

namespace {

DeviceEstimate device_header(const Device& d) {
  DeviceEstimate e;
  e.handle_layers = static_cast<int>(d.handle_layers);
  e.handle_last_layer = d.handle_last_layer;
  e.handle_output_layer = d.handle_output_layer;
  e.remote = d.remote;
  e.position = d.position;
  return e;
}

}  // namespace

EstimateItem summarize(const Run& run) {
  const Settings& s = run.settings;
  EstimateItem item;
  item.full_offloaded = run.plan.full;
  item.offload_layers = static_cast<int>(run.plan.offloaded + (run.plan.full ? 1 : 0));

  // RAM: mapped weights live in the page cache, not in the process (with mmap, or at full
  // offload); without mmap the output weight still counts at full offload.
  const Device& host = run.devices[0];
  item.ram = device_header(host);
  u64 ram = host.footprint + host.weights() + host.kv_cache + host.computation();
  if (s.mmap || run.plan.full) {
    ram -= host.weights();
    if (!s.mmap) ram += host.weight_output;
  }
  item.ram.uma = static_cast<Bytes>(ram);
  item.ram.nonuma = static_cast<Bytes>(s.platform_ram + ram);

  item.vrams.reserve(run.devices.size() - 1);
  for (std::size_t j = 1; j < run.devices.size(); ++j) {
    const Device& d = run.devices[j];
    DeviceEstimate v = device_header(d);
    const u64 w = d.weights();
    // UMA leaves out compute buffers; with mmap only the first local GPU shares its weights with
    // the page cache — RPC servers and the other local GPUs holding layers count theirs.
    u64 uma = d.footprint + w + d.kv_cache;
    if (s.mmap) {
      uma -= w;
      if (d.remote || (d.position > 0 && d.handle_last_layer >= 0)) uma += w;
    }
    u64 nonuma = s.platform_vram + d.footprint + w + d.kv_cache + d.computation();
    if (!d.remote && d.position > 0 && d.handle_last_layer < 0) nonuma -= w + d.computation();
    v.uma = static_cast<Bytes>(uma);
    v.nonuma = static_cast<Bytes>(nonuma);
    item.vrams.push_back(v);
  }
  return item;
}

}  // namespace placement::gguf::estimator_detail
