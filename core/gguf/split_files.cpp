#include "gguf/split_files.h"

#include <cstdio>

#include "gguf/gguf_error.h"

namespace placement::gguf {

namespace {

constexpr std::size_t kDigits = 5;

bool all_digits(const std::string& s, std::size_t from, std::size_t n) {
  if (from + n > s.size()) return false;
  for (std::size_t k = from; k < from + n; ++k)
    if (s[k] < '0' || s[k] > '9') return false;
  return true;
}

std::string five_digits(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%05u", v);
  return buf;
}

const MetadataEntry* entry(const GgufFile& f, const char* key) {
  for (const MetadataEntry& e : f.metadata)
    if (e.key == key) return &e;
  return nullptr;
}

std::string label(const GgufFile& f, std::size_t k) {
  return (f.file_name.empty() ? "shard " + std::to_string(k + 1) : f.file_name);
}

}  // namespace

std::optional<SplitName> parse_split_name(const std::string& path) {
  // "-00001-of-00003.gguf" is 20 characters.
  const std::string tail_suffix = ".gguf";
  const std::size_t tail = 1 + kDigits + 4 + kDigits + tail_suffix.size();
  if (path.size() <= tail) return std::nullopt;
  std::size_t at = path.size() - tail;
  if (path[at] != '-' || !all_digits(path, at + 1, kDigits) || path.compare(at + 1 + kDigits, 4, "-of-") != 0 ||
      !all_digits(path, at + 1 + kDigits + 4, kDigits) || path.compare(path.size() - tail_suffix.size(), tail_suffix.size(), tail_suffix) != 0)
    return std::nullopt;
  SplitName n;
  n.prefix = path.substr(0, at);
  n.index = static_cast<std::uint32_t>(std::stoul(path.substr(at + 1, kDigits)));
  n.count = static_cast<std::uint32_t>(std::stoul(path.substr(at + 1 + kDigits + 4, kDigits)));
  if (n.index < 1 || n.index > n.count) return std::nullopt;
  return n;
}

std::string split_shard_path(const SplitName& name, std::uint32_t index) {
  return name.prefix + "-" + five_digits(index) + "-of-" + five_digits(name.count) + ".gguf";
}

std::vector<std::string> split_shard_paths(const std::string& path) {
  std::optional<SplitName> n = parse_split_name(path);
  if (!n) return {path};
  std::vector<std::string> out;
  for (std::uint32_t i = 1; i <= n->count; ++i) out.push_back(split_shard_path(*n, i));
  return out;
}

void check_split_shards(const std::vector<GgufFile>& shards) {
  for (std::size_t k = 0; k < shards.size(); ++k) {
    const GgufFile& f = shards[k];
    if (const MetadataEntry* e = entry(f, "split.count")) {
      std::optional<std::uint64_t> count = as_uint64(e->value);
      if (!count)
        throw GgufError(e->offset, label(f, k) + " KV 'split.count'", "split.count is not an integer");
      if (*count != shards.size()) {
        std::string why = shards.size() == 1
                              ? " but the file name does not follow <prefix>-NNNNN-of-MMMMM.gguf, so the other shards cannot be found"
                              : " but the file names give " + std::to_string(shards.size()) + " shards";
        throw GgufError(e->offset, label(f, k) + " KV 'split.count'", "split.count is " + std::to_string(*count) + why);
      }
    }
    if (const MetadataEntry* e = entry(f, "split.no")) {
      std::optional<std::uint64_t> no = as_uint64(e->value);
      if (!no || *no != k)
        throw GgufError(e->offset, label(f, k) + " KV 'split.no'",
                        "split.no should be " + std::to_string(k) + " (0-based) for shard " + std::to_string(k + 1));
    }
  }
}

}  // namespace placement::gguf
