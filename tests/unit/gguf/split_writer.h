// Makes real split GGUF files in the tests: a small but complete llama model (metadata, tokenizer,
// tensor infos, aligned zero-filled tensor data) written whole, and the same model split the way
// llama.cpp's gguf-split does it (gguf-split.cpp, split_strategy): every shard starts with
// split.no (UINT16), split.count (UINT16) and split.tensors.count (INT32); only shard 1 carries the
// model's metadata; tensors are cut into consecutive runs, each shard with its own header, tensor
// infos (offsets relative to its own data), padding and data. Used by the unit tests (in memory)
// and by tests/gguf_split/make_split_gguf (to disk, for the CLI test).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "gguf_test_support.h"

namespace gguf_test {

// One metadata record, already encoded (key, value type, value) in little-endian GGUF v3.
struct KvRecord {
  std::string key;
  std::vector<std::uint8_t> bytes;
};

struct TensorSpec {
  std::string name;
  std::vector<std::uint64_t> dims;
  std::uint32_t type = 0;  // 0 F32, 1 F16
  std::uint64_t nbytes() const {
    std::uint64_t n = type == 1 ? 2 : 4;
    for (std::uint64_t d : dims) n *= d;
    return n;
  }
};

struct TinyModel {
  std::vector<KvRecord> kvs;
  std::vector<TensorSpec> tensors;
};

inline KvRecord kv(const std::string& key, const std::function<void(Writer&)>& value) {
  Writer w;
  w.str(key);
  value(w);
  return {key, std::move(w.bytes)};
}
inline KvRecord kv_u16(const std::string& key, std::uint16_t v) { return kv(key, [&](Writer& w) { w.u32(2).u16(v); }); }
inline KvRecord kv_i32(const std::string& key, std::int32_t v) {
  return kv(key, [&](Writer& w) { w.u32(5).u32(static_cast<std::uint32_t>(v)); });
}
inline KvRecord kv_u32(const std::string& key, std::uint32_t v) { return kv(key, [&](Writer& w) { w.u32(4).u32(v); }); }
inline KvRecord kv_str(const std::string& key, const std::string& v) { return kv(key, [&](Writer& w) { w.u32(8).str(v); }); }

constexpr std::uint64_t kAlignment = 32;

// A llama model of `layers` blocks (n_embd 64, 4 heads, 2 KV heads, ffn 128, 96 tokens).
inline TinyModel tiny_llama(std::uint32_t layers = 4) {
  TinyModel m;
  m.kvs = {kv_str("general.architecture", "llama"), kv_str("general.name", "Tiny Llama 1M"),
           kv_str("general.basename", "tiny-llama"), kv_u32("general.file_type", 1),
           kv_u32("llama.block_count", layers), kv_u32("llama.context_length", 2048),
           kv_u32("llama.embedding_length", 64), kv_u32("llama.feed_forward_length", 128),
           kv_u32("llama.attention.head_count", 4), kv_u32("llama.attention.head_count_kv", 2),
           kv_str("tokenizer.ggml.model", "gpt2"),
           kv("tokenizer.ggml.tokens", [](Writer& w) {
             w.u32(9).u32(8).u64(96);
             for (int t = 0; t < 96; ++t) w.str("t" + std::to_string(t));
           })};
  m.tensors.push_back({"token_embd.weight", {64, 96}, 1});
  for (std::uint32_t l = 0; l < layers; ++l) {
    const std::string b = "blk." + std::to_string(l) + ".";
    for (TensorSpec t : std::vector<TensorSpec>{{"attn_norm.weight", {64}, 0},   {"attn_q.weight", {64, 64}, 1},
                                                {"attn_k.weight", {64, 32}, 1},  {"attn_v.weight", {64, 32}, 1},
                                                {"attn_output.weight", {64, 64}, 1}, {"ffn_norm.weight", {64}, 0},
                                                {"ffn_gate.weight", {64, 128}, 1}, {"ffn_up.weight", {64, 128}, 1},
                                                {"ffn_down.weight", {128, 64}, 1}}) {
      t.name = b + t.name;
      m.tensors.push_back(t);
    }
  }
  m.tensors.push_back({"output_norm.weight", {64}, 0});
  m.tensors.push_back({"output.weight", {64, 96}, 1});
  return m;
}

// One GGUF v3 file: header, the records, tensor infos, padding, zero-filled aligned tensor data.
inline std::vector<std::uint8_t> write_gguf(const std::vector<KvRecord>& kvs, const std::vector<TensorSpec>& tensors) {
  Writer w;
  w.header(tensors.size(), kvs.size());
  for (const KvRecord& r : kvs) w.bytes.insert(w.bytes.end(), r.bytes.begin(), r.bytes.end());
  std::uint64_t offset = 0;
  for (const TensorSpec& t : tensors) {
    w.tensor(t.name, t.dims, t.type, offset);
    offset += (t.nbytes() + kAlignment - 1) / kAlignment * kAlignment;
  }
  w.pad_to(kAlignment);
  w.bytes.resize(w.bytes.size() + offset, 0);
  return w.bytes;
}

inline std::vector<std::uint8_t> write_whole(const TinyModel& m) { return write_gguf(m.kvs, m.tensors); }

// The split.* records gguf-split writes at the start of shard `no` (0-based) of `count`; tests
// replace them to make malformed shards.
using SplitRecords = std::function<std::vector<KvRecord>(std::uint16_t no, std::uint16_t count, std::int32_t tensors)>;
inline std::vector<KvRecord> gguf_split_records(std::uint16_t no, std::uint16_t count, std::int32_t tensors) {
  return {kv_u16("split.no", no), kv_u16("split.count", count), kv_i32("split.tensors.count", tensors)};
}

// Splits like `llama-gguf-split --split-max-tensors N` (with `metadata_only_first`, like
// --no-tensor-in-metadata: shard 1 holds the metadata and no tensors).
inline std::vector<std::vector<std::uint8_t>> write_split(const TinyModel& m, std::size_t max_tensors,
                                                          bool metadata_only_first = false,
                                                          const SplitRecords& records = gguf_split_records) {
  std::vector<std::vector<TensorSpec>> runs;
  if (metadata_only_first) runs.emplace_back();
  for (std::size_t i = 0; i < m.tensors.size(); i += max_tensors)
    runs.emplace_back(m.tensors.begin() + i, m.tensors.begin() + std::min(m.tensors.size(), i + max_tensors));
  std::vector<std::vector<std::uint8_t>> shards;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    std::vector<KvRecord> kvs = records(static_cast<std::uint16_t>(k), static_cast<std::uint16_t>(runs.size()),
                                        static_cast<std::int32_t>(m.tensors.size()));
    if (k == 0) kvs.insert(kvs.end(), m.kvs.begin(), m.kvs.end());
    shards.push_back(write_gguf(kvs, runs[k]));
  }
  return shards;
}

// gguf-split's shard names: PREFIX-00001-of-00003.gguf.
inline std::string shard_name(const std::string& prefix, std::size_t no, std::size_t count) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "-%05zu-of-%05zu.gguf", no + 1, count);
  return prefix + buf;
}

}  // namespace gguf_test
