// §2.6–2.8: the fixed footprint, the weights each device loads, and the KV cache.
#include "gguf/estimator_internal.h"

namespace placement::gguf::estimator_detail {

namespace {

u64 bytes_of(const std::vector<ProfileTensor>& ts) {
  u64 sum = 0;
  for (const ProfileTensor& t : ts) sum += t.bytes;
  return sum;
}

bool has_tensor(const std::vector<ProfileTensor>& ts, const char* name) {
  for (const ProfileTensor& t : ts)
    if (t.name == name) return true;
  return false;
}

}  // namespace

std::vector<u64> layer_bytes_before(const ModelProfile& p) {
  std::vector<u64> before(p.layers.size() + 1, 0);
  for (std::size_t k = 0; k < p.layers.size(); ++k) before[k + 1] = before[k] + p.layer(k).bytes;
  return before;
}

void memory_constants(const ModelProfile& p, const Settings& s, ItemConstants& c) {
  // Model loading (5 MiB) plus the header bytes gguf-parser keeps as metadata.
  c.host_footprint = 5 * u64{1024 * 1024} + p.header_bytes;
  // Vocabulary: token type + score (8), id→token vector (32) and token→id map (56) per token;
  // BPE merges (key 48 + value 56) only for gpt2 tokenizers.
  u64 vocab = p.tokenizer.tokens * (4 + 4);
  if (p.tokenizer.model == "gpt2") vocab += p.tokenizer.merges * (48 + 56);
  vocab += p.tokenizer.tokens * (32 + (24 + 32));
  c.host_footprint += vocab;

  // The output buffer: embeddings, plus logits for causal models.
  c.output_buffer = p.embedding_length * s.n_tok * 4;
  if (s.causal) c.output_buffer += p.vocab_size * s.n_tok * 4;

  c.weight_input = bytes_of(p.input);  // token embeddings never leave the host
  c.weight_output = bytes_of(p.output);
  if (!has_tensor(p.output, "output.weight")) c.weight_output += c.weight_input;  // tied embeddings

  if (s.causal) {
    u64 kl = p.key_length, vl = p.value_length;
    if (p.key_length_mla > 0 && p.value_length_mla > 0) kl = p.key_length_mla, vl = p.value_length_mla;
    const u64 key_row = row_size(s.type_k, {kl * p.head_count_kv * s.n_kv});
    const u64 value_row = row_size(s.type_v, {vl * p.head_count_kv * s.n_kv});
    c.kv_per_layer = key_row + value_row;
  }
}

void add_footprint(Run& run) {
  const ItemConstants c = constants_of(run);
  run.devices[0].footprint = c.host_footprint;
  run.devices[run.plan.full ? run.plan.output_device : 0].footprint += c.output_buffer;
}

void add_weights(Run& run) {
  const ModelProfile& p = run.profile;
  const OffloadPlan& plan = run.plan;
  // Weights follow the TF list, not layer numbers (§2.4): a leading stray tensor stays on the host
  // and out-of-order blocks hand a device another layer's weights, as in gguf-parser.
  const long long tf = static_cast<long long>(p.layers.size());
  const long long start = tf - static_cast<long long>(plan.offloaded);
  const std::vector<u64>& before = run.settings.layer_bytes_before;
  if (!plan.slot_ends.empty() && before.size() == p.layers.size() + 1) {
    // TF entry k holds slot k - start; the entries before max(start, 0) stay on the host.
    const u64 first = static_cast<u64>(std::max(start, 0LL));
    run.devices[0].weight_compute += before[first];
    u64 begin = 0;
    for (std::size_t k = 0; k < plan.slot_ends.size(); ++k) {
      const u64 end = plan.slot_ends[k];
      // Slots [begin, end) are TF entries [begin + start, end + start), clipped to the list.
      const u64 lo = static_cast<u64>(std::max(static_cast<long long>(begin) + start, static_cast<long long>(first)));
      const u64 hi = static_cast<u64>(std::max(static_cast<long long>(end) + start, static_cast<long long>(first)));
      if (hi > lo) run.devices[k + 1].weight_compute += before[hi] - before[lo];
      begin = end;
    }
  } else {
    for (long long k = 0; k < tf; ++k) {
      const std::size_t dev = k >= start ? split_device(run.settings, static_cast<u64>(k - start), plan.active) : 0;
      run.devices[dev].weight_compute += p.layer(static_cast<std::size_t>(k)).bytes;
    }
  }

  const ItemConstants c = constants_of(run);
  Device& host = run.devices[0];
  host.weight_input = c.weight_input;
  host.weight_output = c.weight_output;
  if (plan.full) run.devices[plan.output_device].weight_output = c.weight_output;
}

void add_kv_cache(Run& run) {
  const Settings& s = run.settings;
  const OffloadPlan& plan = run.plan;
  if (!s.causal) return;
  const u64 per_layer = constants_of(run).kv_per_layer;

  run.devices[0].kv_cache += per_layer * plan.loaded;
  if (!s.offload_kv) {
    run.devices[0].kv_cache += per_layer * plan.offloaded;
  } else if (!plan.zero) {
    for (std::size_t j = 1; j < run.devices.size(); ++j) run.devices[j].kv_cache += per_layer * run.devices[j].handle_layers;
  }
}

}  // namespace placement::gguf::estimator_detail
