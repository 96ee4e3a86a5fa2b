#include "gguf/split_files.h"

#include <cstdio>

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

}  // namespace placement::gguf
