// The model profile: the compact summary of a GGUF header that the built-in estimator needs
// (architecture hyper-parameters, per-layer tensor byte sizes and types, output/embedding tensors,
// vocabulary size, header size). It travels in a scenario as estimates.gguf_profile, so it must
// stay small (a 70B model's profile well under 4 KB compressed).
// OWNER: the GGUF estimator work. The function signatures below are what the reader and the CLI
// call; the struct's fields are the estimator's to define.
//
// Compactness: transformer blocks repeat, so the profile stores each distinct block composition
// once ("layer kinds": tensor roles, types and shapes) and the layer list as kind indexes in file
// order. Byte sizes are derived from type and shape, never stored.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gguf/gguf_file.h"
#include "scenario/types.h"

namespace placement::gguf {

struct ProfileTensor {
  // Inside a block: the role after "blk.N." (e.g. "attn_q.weight"); elsewhere the full name.
  std::string name;
  std::uint32_t type = 0;             // ggml type id
  std::vector<std::uint64_t> dims;    // ne[0] first, 1..4 entries
  std::uint64_t bytes = 0;            // derived from type and dims
  std::uint64_t last_dim() const { return dims.empty() ? 0 : dims.back(); }
};

// One distinct layer composition. `block` says whether it came from a "blk.N" group (only block
// tensors take part in the compute-buffer rules, which match "<prefix>.N.<role>").
struct LayerKind {
  bool block = true;
  std::vector<ProfileTensor> tensors;
  std::uint64_t bytes = 0;  // Σ tensor bytes (derived)
};

struct TokenizerFacts {
  std::string model;         // tokenizer.ggml.model ("gpt2", "llama", ...)
  std::uint64_t tokens = 0;  // length of tokenizer.ggml.tokens
  std::uint64_t merges = 0;  // length of tokenizer.ggml.merges
};

struct ModelProfile {
  std::string architecture = "llama";
  std::string type = "model";  // model | adapter | projector | imatrix
  std::string name;            // general.name (display)
  std::optional<std::uint64_t> file_type;  // general.file_type (display)

  // Hyper-parameters, defaults already applied (format-and-estimate.md §1.11).
  std::uint64_t context_length = 0;  // n_ctx_train
  std::uint64_t embedding_length = 0;
  std::uint64_t block_count = 0;     // as stored; 0 = count the layer list (§2.3)
  std::uint64_t head_count = 0;
  std::uint64_t head_count_kv = 0;
  std::uint64_t key_length = 0;
  std::uint64_t value_length = 0;
  std::uint64_t key_length_mla = 0;
  std::uint64_t value_length_mla = 0;
  bool causal = true;  // false: embedding model (attention.causal false, or pooling type > 2)
  std::uint64_t pooling_type = 0;
  std::uint64_t expert_count = 0;
  std::uint64_t expert_used_count = 0;
  std::uint64_t vocab_size = 0;
  TokenizerFacts tokenizer;

  // File facts, summed over the shards.
  std::uint64_t header_bytes = 0;  // gguf-parser's header size (Σ data offsets, §1.6 quirk kept)
  std::uint64_t file_bytes = 0;    // Σ file sizes (display: model size = file − header)
  std::uint64_t tensor_count = 0;
  std::uint64_t parameters = 0;    // Σ elements (display)
  std::uint32_t shards = 1;

  std::vector<ProfileTensor> input;   // position_* / token_* groups, in file order
  std::vector<ProfileTensor> output;  // output*, cls.*, rope_factors_* groups, in file order
  std::vector<LayerKind> layer_kinds;
  std::vector<std::uint32_t> layers;  // the "TF" list (§2.3) in file order, as kind indexes

  std::uint64_t effective_block_count() const { return block_count != 0 ? block_count : layers.size(); }
  const LayerKind& layer(std::size_t k) const { return layer_kinds[layers[k]]; }
  bool distributable() const { return type == "model"; }  // gguf-parser sets it for every model
};

// Bytes of a tensor as gguf-parser sizes it (TypeSize × ne0 / BlockSize × ne1 × …); nullopt for
// an unknown type, ne0 not a multiple of the block, or overflow.
std::optional<std::uint64_t> profile_tensor_bytes(std::uint32_t type, const std::vector<std::uint64_t>& dims);

// From every shard of a model (one element for single files), in shard order.
ModelProfile profile_from_gguf(const std::vector<GgufFile>& shards);
Json profile_to_json(const ModelProfile& profile);
// Throws placement::InputError with a pointer below `pointer` on a malformed profile.
ModelProfile profile_from_json(const Json& j, const std::string& pointer);

}  // namespace placement::gguf
