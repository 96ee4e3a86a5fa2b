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

SplitWalk::SplitWalk(const Settings& settings, u64 active)
    : settings_(settings),
      active_(active),
      ordered_(std::none_of(settings.fractions.begin(), settings.fractions.end(), [](double f) { return std::isnan(f); }) &&
               std::is_sorted(settings.fractions.begin(), settings.fractions.end())) {}

std::size_t SplitWalk::device(u64 offset) {
  if (!ordered_) return split_device(settings_, offset, active_);
  // x never decreases (same divisor), so the first fraction above x is at or after the last one.
  const std::vector<double>& f = settings_.fractions;
  const double x = static_cast<double>(offset) / static_cast<double>(active_);
  while (next_ < f.size() && !(x < f[next_])) ++next_;
  return std::min(next_, f.size() - 1) + 1;
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
  SplitWalk walk(settings, p.active);
  for (u64 i = 0; i < p.layers; ++i) {
    std::size_t dev = 0;
    if (i >= offload_start) dev = walk.device(i - offload_start);
    Device& d = run.devices[dev];
    d.handle_layers += 1;
    d.handle_last_layer = static_cast<int>(i);
    if (p.full && i == p.layers - 1) p.output_device = dev;
  }
  run.devices[p.output_device].handle_output_layer = true;
  return run;
}

}  // namespace placement::gguf::estimator_detail
