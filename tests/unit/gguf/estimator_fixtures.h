// Hand-built model profiles for the estimator tests: a small Llama-shaped model whose figures are
// easy to compute by hand, and the Llama 3.1 70B shape of format-and-estimate.md §2.11.
#pragma once

#include <string>
#include <vector>

#include "gguf/model_profile.h"

namespace placement::gguf::test {

constexpr std::uint32_t F32 = 0, F16 = 1, Q4_K = 12, Q6_K = 14;

inline ProfileTensor tensor(const std::string& name, std::uint32_t type, std::vector<std::uint64_t> dims) {
  ProfileTensor t{name, type, std::move(dims), 0};
  t.bytes = profile_tensor_bytes(t.type, t.dims).value();
  return t;
}

inline LayerKind kind(bool block, std::vector<ProfileTensor> tensors) {
  LayerKind k{block, std::move(tensors), 0};
  for (const auto& t : k.tensors) k.bytes += t.bytes;
  return k;
}

// n_embd 256, 8 heads, 2 KV heads of 32, FFN 512, vocab 1000 (gpt2, 500 merges), F16 weights.
// One block = 2·1024 (norms) + 131072·2 (q, output) + 32768·2 (k, v) + 262144·3 (ffn) = 1,116,160.
inline LayerKind small_block() {
  return kind(true, {tensor("attn_norm.weight", F32, {256}), tensor("attn_q.weight", F16, {256, 256}),
                     tensor("attn_k.weight", F16, {256, 64}), tensor("attn_v.weight", F16, {256, 64}),
                     tensor("attn_output.weight", F16, {256, 256}), tensor("ffn_norm.weight", F32, {256}),
                     tensor("ffn_gate.weight", F16, {256, 512}), tensor("ffn_up.weight", F16, {256, 512}),
                     tensor("ffn_down.weight", F16, {512, 256})});
}
constexpr std::uint64_t kSmallBlockBytes = 1116160;
constexpr std::uint64_t kSmallEmbdBytes = 512000;   // token_embd F16 [256, 1000]
constexpr std::uint64_t kSmallOutputBytes = 513024;  // output_norm 1024 + output F16 [256, 1000]

inline ModelProfile small_llama(std::uint64_t layers = 4) {
  ModelProfile p;
  p.architecture = "llama";
  p.context_length = 4096;
  p.embedding_length = 256;
  p.block_count = layers;
  p.head_count = 8;
  p.head_count_kv = 2;
  p.key_length = 32;
  p.value_length = 32;
  p.vocab_size = 1000;
  p.tokenizer = {"gpt2", 1000, 500};
  p.header_bytes = 100000;
  p.file_bytes = 100000;
  p.tensor_count = layers * 9 + 3;
  p.input = {tensor("token_embd.weight", F16, {256, 1000})};
  p.output = {tensor("output_norm.weight", F32, {256}), tensor("output.weight", F16, {256, 1000})};
  p.layer_kinds = {small_block()};
  p.layers.assign(layers, 0);
  return p;
}

// The shape of models/llama-3.1-70b-instruct-q4_k_m.gguf as far as the estimate sees it: every
// block weighs 513,245,184 bytes (a filler tensor stands for the rest of the block), the last
// block has the tensors the compute rules read, a leading rope_freqs, tied to §2.11's figures.
inline ModelProfile llama70b_like() {
  ModelProfile p;
  p.architecture = "llama";
  p.context_length = 131072;
  p.embedding_length = 8192;
  p.block_count = 80;
  p.head_count = 64;
  p.head_count_kv = 8;
  p.key_length = 128;
  p.value_length = 128;
  p.vocab_size = 128256;
  p.tokenizer = {"gpt2", 128256, 280147};
  p.header_bytes = 7866208;
  p.file_bytes = 7866208;
  p.tensor_count = 724;
  p.input = {tensor("token_embd.weight", Q4_K, {8192, 128256})};
  p.output = {tensor("output_norm.weight", F32, {8192}), tensor("output.weight", Q6_K, {8192, 128256})};
  // 32768 + 37,748,736 + 32768 + 2·132,120,576 = 302,055,424; the filler adds 211,189,760.
  LayerKind block = kind(true, {tensor("attn_norm.weight", F32, {8192}), tensor("attn_q.weight", Q4_K, {8192, 8192}),
                                tensor("ffn_norm.weight", F32, {8192}), tensor("ffn_gate.weight", Q4_K, {8192, 28672}),
                                tensor("ffn_up.weight", Q4_K, {8192, 28672}), tensor("ffn_down.weight", F32, {52797440})});
  p.layer_kinds = {kind(false, {tensor("rope_freqs.weight", F32, {64})}), block};
  p.layers.assign(81, 1);
  p.layers[0] = 0;
  return p;
}

}  // namespace placement::gguf::test
