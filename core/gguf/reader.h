// The GGUF header reader (format-and-estimate.md §1): parses metadata and tensor infos of every
// version (v1 u32 lengths, v2, v3) and both byte orders from a PREFIX of the file plus the file's
// total size, because a browser reads a multi-GB model file with Blob.slice and only the header
// is needed. When the prefix is too short it answers how many bytes it needs; when the file is
// malformed it throws GgufError naming the byte offset and the field.
//
// Untrusted counts never drive allocations or reads: every length is checked against the bytes
// left in the file before it is used, products are overflow-checked, and the whole header must end
// within `max_header_bytes` (64 MiB by default, §1.9).
#pragma once

#include <cstdint>
#include <cstddef>

#include "gguf/gguf_error.h"
#include "gguf/gguf_file.h"

namespace placement::gguf {

constexpr std::uint64_t kDefaultMaxHeaderBytes = std::uint64_t{64} << 20;
constexpr std::uint64_t kDefaultFirstRead = std::uint64_t{8} << 20;

struct ReadOptions {
  // The header (up to the end of the tensor infos) must end within this many bytes.
  std::uint64_t max_header_bytes = kDefaultMaxHeaderBytes;
  // Arrays up to this length keep every element; longer ones (tokenizer vocabularies and merges)
  // keep only `long_array_kept` first elements and their length.
  std::uint64_t keep_whole_array_max = 1024;
  std::uint64_t long_array_kept = 16;
  // At most this many array elements are kept in one file (all arrays together, nested ones
  // included), so a header of many small arrays cannot blow up memory; later elements are counted
  // only.
  std::uint64_t max_kept_array_elements = 1u << 16;
  // Arrays nested deeper than this (arrays of arrays of ...) are rejected.
  std::uint32_t max_array_depth = 8;
  // Real models have tens of metadata entries and at most a few thousand tensors; these bounds
  // keep a hostile header's record count (each record costs ~150 bytes of memory) far from
  // exhausting a browser's memory even within the byte limit.
  std::uint64_t max_kv_count = 1u << 16;
  std::uint64_t max_tensor_count = 1u << 20;
};

struct PrefixResult {
  bool complete = false;
  GgufFile file;                   // meaningful when complete
  std::uint64_t bytes_needed = 0;  // when not complete: the prefix must hold at least this many bytes
};

// Parses `data[0, size)`, the first `size` bytes of a file of `file_size` bytes. Returns a complete
// file or the prefix length needed to go further; throws GgufError on a malformed header.
PrefixResult read_gguf_prefix(const std::uint8_t* data, std::size_t size, std::uint64_t file_size,
                              const ReadOptions& options = {});

// How large the next prefix should be after `have` bytes were not enough and at least `needed`
// are: doubling keeps the number of re-parses logarithmic. Never more than the file.
std::uint64_t next_prefix_size(std::uint64_t have, std::uint64_t needed, std::uint64_t file_size);

// Random access to a file's bytes (a file descriptor natively; the browser uses read_gguf_prefix
// directly, since Blob reads are asynchronous).
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  virtual std::uint64_t size() const = 0;
  // Fills dst with bytes [offset, offset + n); throws std::runtime_error on an I/O failure.
  virtual void read(std::uint64_t offset, std::uint8_t* dst, std::size_t n) = 0;
};

// Reads the first min(size, 8 MiB) bytes, then more as read_gguf_prefix asks, and returns the
// parsed header. Throws GgufError on a malformed header.
GgufFile read_gguf(ByteSource& source, const ReadOptions& options = {});

}  // namespace placement::gguf
