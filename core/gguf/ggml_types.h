// The ggml tensor types a GGUF tensor info may name (format-and-estimate.md §1.7): block size and
// bytes per block, so a tensor's byte size can be computed, and display names. Also the names of
// `general.file_type` values.
#pragma once

#include <cstdint>
#include <optional>

namespace placement::gguf {

struct GgmlType {
  std::uint32_t id;
  const char* name;
  std::uint32_t block_size;       // elements per block
  std::uint32_t bytes_per_block;
};

// nullptr for ids that are unknown (>= 43) or removed from ggml (4 Q4_2, 5 Q4_3): such tensors
// cannot be sized, so the reader rejects them.
const GgmlType* ggml_type(std::uint32_t id);

// "F16", "Q4_K", ... or nullptr when ggml_type(id) is nullptr.
const char* ggml_type_name(std::uint32_t id);

// Bytes of a tensor of `id` with the given element counts; nullopt when ne0 is not a multiple of
// the block size, the type is unknown, or the size overflows 64 bits.
std::optional<std::uint64_t> ggml_tensor_bytes(std::uint32_t id, std::uint64_t ne0, std::uint64_t rows);

// "Q4_K_M", ... for a general.file_type value; nullptr when unknown.
const char* ggml_file_type_name(std::uint64_t file_type);

}  // namespace placement::gguf
