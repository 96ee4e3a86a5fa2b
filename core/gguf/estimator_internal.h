// The estimator's working state, shared by its steps (estimator_*.cpp): resolved settings, the
// offload plan and the per-device usage, in gguf-parser-go's terms (format-and-estimate.md §2).
// Not part of the public API. All arithmetic is unsigned 64-bit, as in gguf-parser-go.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <vector>

#include "gguf/estimate_items.h"
#include "gguf/estimator.h"
#include "gguf/model_profile.h"

namespace placement::gguf::estimator_detail {

using u64 = std::uint64_t;

// The block-tensor roles the compute-buffer rules look for (§2.9).
enum class Role : std::uint8_t { none, attn_norm, attn_q, attn_qkv, attn_q_b, ffn_norm, ffn_gate, ffn_up };

// What an item's figures take from the model and the settings alone (§2.6–2.9), the same for
// every item of an estimate: a partial-offload query has L+2 items, and the name comparisons and
// row sizes behind these were most of an item's cost.
struct ItemConstants {
  u64 host_footprint = 0;  // §2.6: model loading + vocabulary
  u64 output_buffer = 0;   // §2.6: embeddings (+ logits), on the output device at full offload
  u64 weight_input = 0;    // §2.7
  u64 weight_output = 0;   // §2.7: output weights (+ tied embeddings)
  u64 kv_per_layer = 0;    // §2.8: one layer's K + V rows
  u64 host_overhead = 0;   // §2.9: graph, scheduler and context overhead
  u64 input_host = 0, input_gpu = 0;  // §2.9: input buffers
  // §2.9: the last layer's compute, which depends on the plan only through "partial offload".
  u64 load_attn = 0;
  u64 ffn = 0;
  u64 offload_attn = 0;          // full or zero offload
  u64 offload_attn_partial = 0;  // partial offload: each q/qkv match adds load_attn
  u64 output_compute = 0;        // §2.9
};

// Options after defaults and gguf-parser's adjustments (§2.2, §2.5); independent of -ngl, so one
// resolution serves every item of a --gpu-layers-step query.
struct Settings {
  // The role of each of the last layer's tensors, in order: read from the names once per
  // estimate instead of once per item (a partial-offload query has dozens of items).
  std::vector<Role> last_roles;
  // Bytes of the TF list's first k layers at [k] (size TF + 1, wrapping as the per-layer sum
  // does), so a device's weights are one subtraction per item; empty means sum layer by layer.
  std::vector<u64> layer_bytes_before;
  std::optional<ItemConstants> constants;  // item_constants(profile, *this); unset: per item
  std::vector<double> fractions;  // cumulative tensor-split fractions, last = 1
  std::size_t rpc_count = 0;
  bool flash_attention = false;
  std::uint32_t type_k = 1;  // ggml ids
  std::uint32_t type_v = 1;
  bool offload_kv = true;
  bool mmap = true;
  bool causal = true;
  u64 n_ctx = 0;   // padded context (contextSize)
  u64 n_tok = 0;   // = n_batch = n_outputs
  u64 n_kv = 0;
  u64 n_seq = 1;
  long long logical_batch = 2048;
  long long physical_batch = 512;
  u64 platform_ram = 0;   // bytes
  u64 platform_vram = 0;  // bytes
};

// §2.4: how many layers leave the host, and where the output layer goes.
struct OffloadPlan {
  u64 layers = 0;      // L
  u64 offloaded = 0;   // n_off
  u64 active = 0;      // n_act = n_off + output
  u64 loaded = 0;      // n_load, the first layers, on the host
  bool output_offloaded = false;
  bool full = false;
  bool zero = false;
  std::size_t output_device = 0;
  std::vector<u64> slot_ends;  // split_slot_ends(settings, active, offloaded); empty if unordered
};

struct Device {
  u64 handle_layers = 0;
  int handle_last_layer = -1;
  bool handle_output_layer = false;
  bool remote = false;
  int position = 0;
  u64 footprint = 0;
  u64 weight_input = 0, weight_compute = 0, weight_output = 0;
  u64 kv_cache = 0;
  u64 comp_footprint = 0, comp_input = 0, comp_compute = 0, comp_output = 0;

  u64 weights() const { return weight_input + weight_compute + weight_output; }
  u64 computation() const { return comp_footprint + comp_input + std::max(comp_compute, comp_output); }
};

struct Run {
  const ModelProfile& profile;
  const Settings& settings;
  OffloadPlan plan;
  std::vector<Device> devices;  // [0] host, then split entries (RPC servers first)
};

// The steps, in gguf-parser's order.
Settings resolve_settings(const ModelProfile& profile, const EstimatorOptions& options);
Run plan_run(const ModelProfile& profile, const Settings& settings, std::optional<long long> gpu_layers);  // §2.4
void add_footprint(Run& run);    // §2.6
void add_weights(Run& run);      // §2.7
void add_kv_cache(Run& run);     // §2.8
void add_computation(Run& run);  // §2.9
EstimateItem summarize(const Run& run);  // §2.10

std::vector<Role> last_layer_roles(const ModelProfile& profile);  // for Settings::last_roles
std::vector<u64> layer_bytes_before(const ModelProfile& profile);  // for Settings::layer_bytes_before
// Settings::constants and its parts, by the step that uses each (compute reads last_roles).
ItemConstants item_constants(const ModelProfile& profile, const Settings& settings);
void memory_constants(const ModelProfile& profile, const Settings& settings, ItemConstants& c);
void compute_constants(const ModelProfile& profile, const Settings& settings, ItemConstants& c);
inline ItemConstants constants_of(const Run& run) {
  return run.settings.constants ? *run.settings.constants : item_constants(run.profile, run.settings);
}
// ggml's row size of an n-dimensional shape (TypeSize × ne0 / BlockSize × ne1 × …).
u64 row_size(std::uint32_t type, std::initializer_list<u64> dims);
std::size_t upper_bound_index(const std::vector<double>& fractions, double x);
// The device (1-based; 0 is the host) that split slot `offset` of `active` slots falls on.
std::size_t split_device(const Settings& settings, u64 offset, u64 active);

// Where split slots [0, count) of `active` go, as ranges: device k+1 takes [ends[k-1], ends[k])
// (ends[-1] = 0, ends.back() = count), exactly the devices split_device gives slot by slot.
// Slot x = slot / active only grows, so with ascending fractions each device's slots are one
// run, found from its fraction with a division or two instead of one per slot (a partial-offload
// query has L+2 items of L slots each). Empty when the fractions are not ascending (or hold a
// NaN): then the caller asks split_device for every slot.
std::vector<u64> split_slot_ends(const Settings& settings, u64 active, u64 count);

// The device (1-based) of `slot` in ranges from split_slot_ends.
std::size_t device_of_slot(const std::vector<u64>& ends, u64 slot);

}  // namespace placement::gguf::estimator_detail
