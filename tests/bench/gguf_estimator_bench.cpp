// gguf_estimator_bench [MODEL.gguf]: time per built-in estimator query.
//
// Without an argument it uses a synthetic Llama 3.1 70B Q4_K_M profile (80 blocks); with a GGUF
// file (any shard of a split model) it reads that file's header. It times, per query: reading the
// profile JSON, a full-offload estimate, a partial query (--gpu-layers-step 1: L+2 items), and the
// GGUF fit's path (estimate_from_profile, JSON profile included) for a two-GPU partial query.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "gguf/estimator.h"
#include "gguf/model_profile.h"
#include "gguf/profile_estimate.h"
#include "gguf/reader.h"
#include "gguf/split_files.h"

using namespace placement;
using namespace placement::gguf;

namespace {

class StreamSource : public ByteSource {
 public:
  explicit StreamSource(const std::string& path) : in_(path, std::ios::binary) {
    if (!in_) throw std::runtime_error("cannot open " + path);
    in_.seekg(0, std::ios::end);
    size_ = static_cast<std::uint64_t>(in_.tellg());
  }
  std::uint64_t size() const override { return size_; }
  void read(std::uint64_t offset, std::uint8_t* dst, std::size_t n) override {
    in_.seekg(static_cast<std::streamoff>(offset));
    in_.read(reinterpret_cast<char*>(dst), static_cast<std::streamsize>(n));
    if (!in_) throw std::runtime_error("read failed");
  }

 private:
  std::ifstream in_;
  std::uint64_t size_ = 0;
};

ProfileTensor tensor(const std::string& name, std::uint32_t type, std::vector<std::uint64_t> dims) {
  ProfileTensor t{name, type, std::move(dims), 0};
  t.bytes = profile_tensor_bytes(type, t.dims).value_or(0);
  return t;
}

LayerKind block(bool more_bits) {
  LayerKind k;
  k.tensors = {tensor("attn_k.weight", 12, {8192, 1024}),      tensor("attn_norm.weight", 0, {8192}),
               tensor("attn_output.weight", 12, {8192, 8192}), tensor("attn_q.weight", 12, {8192, 8192}),
               tensor("attn_v.weight", more_bits ? 14 : 12, {8192, 1024}),
               tensor("ffn_down.weight", more_bits ? 14 : 12, {28672, 8192}),
               tensor("ffn_gate.weight", 12, {8192, 28672}),   tensor("ffn_norm.weight", 0, {8192}),
               tensor("ffn_up.weight", 12, {8192, 28672})};
  for (const auto& t : k.tensors) k.bytes += t.bytes;
  return k;
}

ModelProfile synthetic_70b() {
  ModelProfile p;
  p.name = "synthetic Llama 3.1 70B Q4_K_M";
  p.context_length = 131072, p.embedding_length = 8192, p.block_count = 80;
  p.head_count = 64, p.head_count_kv = 8, p.key_length = 128, p.value_length = 128;
  p.vocab_size = 128256;
  p.tokenizer = {"gpt2", 128256, 280147};
  p.header_bytes = 7866208, p.file_bytes = 42520397920ULL, p.tensor_count = 724;
  p.input = {tensor("token_embd.weight", 12, {8192, 128256})};
  p.output = {tensor("output.weight", 14, {8192, 128256}), tensor("output_norm.weight", 0, {8192})};
  LayerKind rope;
  rope.block = false;
  rope.tensors = {tensor("rope_freqs.weight", 0, {64})};
  rope.bytes = 256;
  p.layer_kinds = {rope, block(true), block(false)};
  p.layers.push_back(0);
  for (int i = 0; i < 80; ++i) p.layers.push_back(i < 10 || i >= 70 || (i - 10) % 3 == 2 ? 1 : 2);
  return p;
}

ModelProfile from_file(const std::string& path) {
  std::vector<GgufFile> shards;
  for (const std::string& shard : split_shard_paths(path)) {
    StreamSource source(shard);
    shards.push_back(read_gguf(source));
  }
  return profile_from_gguf(shards);
}

void time_it(const char* what, int repeats, const std::function<std::size_t()>& body) {
  std::size_t sink = body();  // warm up
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < repeats; ++i) sink += body();
  const auto end = std::chrono::steady_clock::now();
  const double us = std::chrono::duration<double, std::micro>(end - start).count() / repeats;
  std::printf("  %-58s %10.2f us/query  (%d runs, checksum %zu)\n", what, us, repeats, sink % 1000);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const ModelProfile profile = argc > 1 ? from_file(argv[1]) : synthetic_70b();
    const Json json = profile_to_json(profile);
    std::printf("gguf estimator bench: %s (%zu TF entries, %zu layer kinds, profile JSON %zu bytes)\n",
                profile.name.empty() ? (argc > 1 ? argv[1] : "?") : profile.name.c_str(), profile.layers.size(),
                profile.layer_kinds.size(), json.dump().size());

    time_it("profile_from_json", 2000, [&] { return profile_from_json(json, "").layers.size(); });
    EstimatorOptions full;
    full.ctx_size = 8192;
    time_it("estimate: full offload, 1 GPU (1 item)", 20000, [&] { return estimate(profile, full).items.size(); });
    EstimatorOptions partial = full;
    partial.gpu_layers_step = 1;
    partial.tensor_split = {24576, 16384};
    time_it("estimate: --gpu-layers-step 1, 2 GPUs (L+2 items)", 500, [&] { return estimate(profile, partial).items.size(); });
    Model model;
    Query q;
    q.offload = "partial";
    q.tensor_split = std::vector<double>{24.0 * (1 << 30), 16.0 * (1 << 30)};
    time_it("estimate_from_profile: partial query, JSON profile", 500, [&] {
      auto e = estimate_from_profile(json, q, model);
      return e ? e->items.size() : 0;
    });
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gguf_estimator_bench: %s\n", e.what());
    return 1;
  }
}
