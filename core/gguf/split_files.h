// Split (sharded) GGUF models (format-and-estimate.md §1.8): `<prefix>-NNNNN-of-MMMMM.gguf`,
// shards numbered from 1. Given any shard, the names of all of them are rebuilt so the caller can
// read every one; after reading, their split.* metadata decides (gguf/split_model.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace placement::gguf {

struct SplitName {
  std::string prefix;      // everything before "-NNNNN-of-MMMMM.gguf", directories included
  std::uint32_t index = 1;  // 1-based
  std::uint32_t count = 1;
};

// nullopt when `path` does not end in "-NNNNN-of-MMMMM.gguf" with 1 <= NNNNN <= MMMMM.
std::optional<SplitName> parse_split_name(const std::string& path);

// The path of shard `index` (1-based) of the model `name` belongs to.
std::string split_shard_path(const SplitName& name, std::uint32_t index);

// Every shard's path in shard order; just {path} for a file that is not a split shard.
std::vector<std::string> split_shard_paths(const std::string& path);

}  // namespace placement::gguf
