// §2.4: the offload plan and the tensor split: which device holds which layer, and the output.
#include <algorithm>
#include <cmath>

#include "gguf/estimator_internal.h"
#include "gguf/ggml_types.h"

namespace placement::gguf::estimator_detail {

u64 row_size(std::uint32_t type, std::initializer_list<u64> dims) {
  const GgmlType* t = ggml_type(type);
  if (t == nullptr || dims.size() == 0) return 0;
  auto it = dims.begin();
  u64 size = u64{t->bytes_per_block} * *it / t->block_size;
  for (++it; it != dims.end(); ++it) size *= *it;
  return size;
}

// Index of the first fraction strictly greater than x (Go's slicex.UpperBound).
std::size_t upper_bound_index(const std::vector<double>& fractions, double x) {
  return static_cast<std::size_t>(std::upper_bound(fractions.begin(), fractions.end(), x) - fractions.begin());
}

// A position past every fraction cannot happen with fractions ending at 1; clamp rather than
// index out of range.
std::size_t split_device(const Settings& s, u64 offset, u64 active) {
  const double x = static_cast<double>(offset) / static_cast<double>(active);
  return std::min(upper_bound_index(s.fractions, x), s.fractions.size() - 1) + 1;
}

namespace {

// The first slot in [0, count] whose x = slot / active is not below `fraction` (count if none):
// where upper_bound's answer passes that fraction's index. Guessed from fraction × active, then
// moved by the exact comparison split_device makes, so rounding cannot put it a slot off.
u64 first_slot_not_below(double fraction, u64 active, u64 count) {
  const double a = static_cast<double>(active);
  auto not_below = [&](u64 slot) { return !(static_cast<double>(slot) / a < fraction); };
  const double guess = fraction * a;
  u64 slot = 0;
  if (guess >= static_cast<double>(count)) {
    slot = count;
  } else if (guess > 0) {
    slot = std::min(static_cast<u64>(std::ceil(guess)), count);
  }
  while (slot > 0 && not_below(slot - 1)) --slot;
  while (slot < count && !not_below(slot)) ++slot;
  return slot;
}

}  // namespace

std::vector<u64> split_slot_ends(const Settings& s, u64 active, u64 count) {
  const std::vector<double>& f = s.fractions;
  std::vector<u64> ends;
  if (f.empty() || std::any_of(f.begin(), f.end(), [](double v) { return std::isnan(v); }) || !std::is_sorted(f.begin(), f.end()))
    return ends;
  ends.reserve(f.size());
  // Past the last fraction's boundary split_device clamps to the last device.
  for (std::size_t k = 0; k + 1 < f.size(); ++k) ends.push_back(first_slot_not_below(f[k], active, count));
  ends.push_back(count);
  return ends;
}

std::size_t device_of_slot(const std::vector<u64>& ends, u64 slot) {
  return static_cast<std::size_t>(std::upper_bound(ends.begin(), ends.end(), slot) - ends.begin()) + 1;
}

Run plan_run(const ModelProfile& profile, const Settings& settings, std::optional<long long> gpu_layers) {
  Run run{profile, settings, {}, std::vector<Device>(settings.fractions.size() + 1)};
  for (std::size_t j = 1; j < run.devices.size(); ++j) {
    Device& d = run.devices[j];
    d.remote = j - 1 < settings.rpc_count;
    d.position = static_cast<int>(d.remote ? j - 1 : j - 1 - settings.rpc_count);
  }

  OffloadPlan& p = run.plan;
  p.layers = profile.effective_block_count();
  if (!gpu_layers || *gpu_layers < 0) {
    p.offloaded = p.layers;
    p.output_offloaded = true;
  } else if (*gpu_layers != 0) {
    p.offloaded = static_cast<u64>(*gpu_layers);
    if (p.offloaded > p.layers) {  // L+1 or more: the output layer goes too
      p.offloaded = p.layers;
      p.output_offloaded = true;
    }
  }
  p.active = p.offloaded + (p.output_offloaded ? 1 : 0);
  p.loaded = p.layers - p.offloaded;
  p.full = p.loaded == 0 && p.output_offloaded;
  p.zero = p.offloaded == 0;

  // The FIRST n_load layers stay on the host; the output layer is one more split slot (n_act).
  const u64 offload_start = p.layers - p.offloaded;
  p.slot_ends = split_slot_ends(settings, p.active, p.offloaded);
  if (!p.slot_ends.empty()) {
    if (offload_start > 0) {
      run.devices[0].handle_layers = offload_start;
      run.devices[0].handle_last_layer = static_cast<int>(offload_start - 1);
    }
    u64 begin = 0;
    for (std::size_t k = 0; k < p.slot_ends.size(); ++k) {
      const u64 end = p.slot_ends[k];
      if (end > begin) {
        Device& d = run.devices[k + 1];
        d.handle_layers = end - begin;
        d.handle_last_layer = static_cast<int>(offload_start + end - 1);
      }
      begin = end;
    }
    if (p.full && p.layers > 0) p.output_device = device_of_slot(p.slot_ends, p.layers - 1 - offload_start);
  } else {
    for (u64 i = 0; i < p.layers; ++i) {
      const std::size_t dev = i >= offload_start ? split_device(settings, i - offload_start, p.active) : 0;
      Device& d = run.devices[dev];
      d.handle_layers += 1;
      d.handle_last_layer = static_cast<int>(i);
      if (p.full && i == p.layers - 1) p.output_device = dev;
    }
  }
  run.devices[p.output_device].handle_output_layer = true;
  return run;
}

}  // namespace placement::gguf::estimator_detail
