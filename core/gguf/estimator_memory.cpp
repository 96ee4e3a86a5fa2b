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

void add_footprint(Run& run) {
  const ModelProfile& p = run.profile;
  const Settings& s = run.settings;
  Device& host = run.devices[0];
  // Model loading (5 MiB) plus the header bytes gguf-parser keeps as metadata.
  host.footprint = 5 * u64{1024 * 1024} + p.header_bytes;
  // Vocabulary: token type + score (8), id→token vector (32) and token→id map (56) per token;
  // BPE merges (key 48 + value 56) only for gpt2 tokenizers.
  u64 vocab = p.tokenizer.tokens * (4 + 4);
  if (p.tokenizer.model == "gpt2") vocab += p.tokenizer.merges * (48 + 56);
  vocab += p.tokenizer.tokens * (32 + (24 + 32));
  host.footprint += vocab;

  // The output buffer: embeddings, plus logits for causal models.
  u64 out = p.embedding_length * s.n_tok * 4;
  if (s.causal) out += p.vocab_size * s.n_tok * 4;
  run.devices[run.plan.full ? run.plan.output_device : 0].footprint += out;
}

void add_weights(Run& run) {
  const ModelProfile& p = run.profile;
  const OffloadPlan& plan = run.plan;
  // Weights follow the TF list, not layer numbers (§2.4): a leading stray tensor stays on the host
  // and out-of-order blocks hand a device another layer's weights, as in gguf-parser.
  const long long tf = static_cast<long long>(p.layers.size());
  const long long start = tf - static_cast<long long>(plan.offloaded);
  SplitWalk walk(run.settings, plan.active);
  for (long long k = 0; k < tf; ++k) {
    const std::size_t dev = k >= start ? walk.device(static_cast<u64>(k - start)) : 0;
    run.devices[dev].weight_compute += p.layer(static_cast<std::size_t>(k)).bytes;
  }

  Device& host = run.devices[0];
  host.weight_input = bytes_of(p.input);  // token embeddings never leave the host
  u64 out = bytes_of(p.output);
  if (!has_tensor(p.output, "output.weight")) out += host.weight_input;  // tied embeddings
  host.weight_output = out;
  if (plan.full) run.devices[plan.output_device].weight_output = out;
}

void add_kv_cache(Run& run) {
  const ModelProfile& p = run.profile;
  const Settings& s = run.settings;
  const OffloadPlan& plan = run.plan;
  if (!s.causal) return;
  u64 kl = p.key_length, vl = p.value_length;
  if (p.key_length_mla > 0 && p.value_length_mla > 0) kl = p.key_length_mla, vl = p.value_length_mla;
  const u64 key_row = row_size(s.type_k, {kl * p.head_count_kv * s.n_kv});
  const u64 value_row = row_size(s.type_v, {vl * p.head_count_kv * s.n_kv});
  const u64 per_layer = key_row + value_row;

  run.devices[0].kv_cache += per_layer * plan.loaded;
  if (!s.offload_kv) {
    run.devices[0].kv_cache += per_layer * plan.offloaded;
  } else if (!plan.zero) {
    for (std::size_t j = 1; j < run.devices.size(); ++j) run.devices[j].kv_cache += per_layer * run.devices[j].handle_layers;
  }
}

}  // namespace placement::gguf::estimator_detail
