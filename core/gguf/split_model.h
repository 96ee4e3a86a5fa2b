// A split (sharded) GGUF model read as one model (format-and-estimate.md §1.8). llama.cpp's
// gguf-split writes `split.no` (0-based), `split.count` and `split.tensors.count` into every shard
// and the model's metadata only into shard 1, so one shard alone looks like a smaller model (shard
// 1: a fraction of the weights; later shards: no layers at all). The files a user chose are
// therefore checked to be exactly the shards of one model before they are read together, and one
// shard alone is refused.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "gguf/gguf_file.h"

namespace placement::gguf {

// One file's split.* metadata. A file without split.count is a whole model (count 1, no 0).
struct SplitKeys {
  bool present = false;  // split.count is in the file
  std::uint64_t no = 0;  // 0-based
  std::uint64_t count = 1;
  std::optional<std::uint64_t> tensors_count;
  std::uint64_t tensors_count_offset = 0;  // byte offset of the split.tensors.count record
};

// Reads a file's split.* keys. Any integer type is accepted (llama.cpp writes UINT16, UINT16,
// INT32); another type, a negative value, split.count 0, split.no not below split.count, or
// split.no without split.count throws GgufError at the record ("KV 'split.count'"; no file name,
// the caller adds it like for the reader's other errors).
SplitKeys read_split_keys(const GgufFile& file);

// The chosen files are not the shards of one model; the message names the files and what is
// missing ("x-00001-of-00003.gguf: shard 1 of 3: load all 3 files together").
class SplitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Puts `files` (in any order; file_name set for messages) in shard order and checks that they are
// exactly the shards of one model: the same split.count everywhere, every split.no from 0 to
// count − 1 once, and Σ tensor counts == split.tensors.count. One whole (unsplit) file passes
// unchanged. Each tensor's `shard` is set to its file's split.no. Throws SplitError.
std::vector<GgufFile> assemble_shards(std::vector<GgufFile> files);

}  // namespace placement::gguf
