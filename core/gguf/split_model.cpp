#include "gguf/split_model.h"

#include <algorithm>
#include <map>

#include "gguf/gguf_error.h"
#include "gguf/split_files.h"

namespace placement::gguf {

namespace {

const MetadataEntry* entry(const GgufFile& f, const char* key) {
  for (const MetadataEntry& e : f.metadata)
    if (e.key == key) return &e;
  return nullptr;
}

std::uint64_t integer(const MetadataEntry& e) {
  std::optional<std::uint64_t> v = as_uint64(e.value);
  if (!v) {
    const bool negative = as_int64(e.value).value_or(0) < 0;
    throw GgufError(e.offset, "KV '" + e.key + "'",
                    e.key + (negative ? " is negative" : std::string(" must be an integer, not ") + value_type_name(e.value.type)));
  }
  return *v;
}

std::string label(const GgufFile& f, std::size_t k) {
  return f.file_name.empty() ? "file " + std::to_string(k + 1) : f.file_name;
}

std::string shard_list(const std::vector<std::uint64_t>& nos) {
  std::string s;
  for (std::size_t i = 0; i < nos.size(); ++i) s += (i == 0 ? "" : ", ") + std::to_string(nos[i] + 1);
  return s;
}

struct Shard {
  SplitKeys keys;
  std::size_t input = 0;  // position among the chosen files
};

// split.* keys of every file; a malformed key becomes a SplitError naming the file and byte.
std::vector<Shard> keys_of(const std::vector<GgufFile>& files) {
  std::vector<Shard> out;
  for (std::size_t k = 0; k < files.size(); ++k) {
    try {
      out.push_back(Shard{read_split_keys(files[k]), k});
    } catch (const GgufError& e) {
      throw SplitError(label(files[k], k) + ": bad GGUF at byte " + std::to_string(e.offset()) + " (" + e.field() + "): " + e.detail());
    }
  }
  return out;
}

void check_all_split(const std::vector<GgufFile>& files, const std::vector<Shard>& shards) {
  for (const Shard& s : shards)
    if (!s.keys.present)
      throw SplitError(label(files[s.input], s.input) + " is a whole model (it has no split.count), not a shard of a split model: load " +
                       "one whole model, or all shards of one split model");
  const Shard& first = shards.front();
  for (const Shard& s : shards)
    if (s.keys.count != first.keys.count)
      throw SplitError(label(files[first.input], first.input) + " is shard " + std::to_string(first.keys.no + 1) + " of " +
                       std::to_string(first.keys.count) + " but " + label(files[s.input], s.input) + " is shard " +
                       std::to_string(s.keys.no + 1) + " of " + std::to_string(s.keys.count) + ": they are not one model");
}

// A hint for the missing shard's name when the chosen files follow gguf-split's naming.
std::string expected_name(const std::vector<GgufFile>& files, std::uint64_t count, std::uint64_t no) {
  for (const GgufFile& f : files)
    if (std::optional<SplitName> n = parse_split_name(f.file_name); n && n->count == count) {
      std::string path = split_shard_path(*n, static_cast<std::uint32_t>(no + 1));
      std::size_t slash = path.find_last_of("/\\");
      return slash == std::string::npos ? path : path.substr(slash + 1);
    }
  return "";
}

void check_each_shard_once(const std::vector<GgufFile>& files, const std::vector<Shard>& shards) {
  const std::uint64_t count = shards.front().keys.count;
  std::map<std::uint64_t, std::size_t> seen;
  for (const Shard& s : shards) {
    auto [it, fresh] = seen.emplace(s.keys.no, s.input);
    if (!fresh)
      throw SplitError("two files are shard " + std::to_string(s.keys.no + 1) + " of " + std::to_string(count) + ": " +
                       label(files[it->second], it->second) + " and " + label(files[s.input], s.input));
  }
  if (shards.size() == 1) {
    const Shard& s = shards.front();
    throw SplitError(label(files[s.input], s.input) + ": shard " + std::to_string(s.keys.no + 1) + " of " + std::to_string(count) +
                     ": load all " + std::to_string(count) + " files together (one shard alone is only part of the model)");
  }
  std::vector<std::uint64_t> missing;
  for (std::uint64_t no = 0; no < count && missing.size() < 8; ++no)
    if (!seen.count(no)) missing.push_back(no);
  if (missing.empty()) return;
  std::string hint = expected_name(files, count, missing.front());
  throw SplitError((missing.size() == 1 ? "shard " : "shards ") + shard_list(missing) + " of " + std::to_string(count) +
                   (missing.size() == 1 ? " is" : " are") + " missing" + (hint.empty() ? "" : " (" + hint + ")") +
                   ": load all " + std::to_string(count) + " files together");
}

void check_tensor_total(const std::vector<GgufFile>& ordered, const std::vector<Shard>& shards) {
  std::uint64_t total = 0;
  for (const GgufFile& f : ordered) total += f.tensor_count;
  for (const Shard& s : shards)
    if (s.keys.tensors_count && *s.keys.tensors_count != total)
      throw SplitError(label(ordered[s.keys.no], s.input) + ": bad GGUF at byte " + std::to_string(s.keys.tensors_count_offset) +
                       " (KV 'split.tensors.count'): the model has " + std::to_string(*s.keys.tensors_count) + " tensors but its " +
                       std::to_string(ordered.size()) + " shards hold " + std::to_string(total));
}

}  // namespace

SplitKeys read_split_keys(const GgufFile& file) {
  SplitKeys k;
  const MetadataEntry* count = entry(file, "split.count");
  const MetadataEntry* no = entry(file, "split.no");
  const MetadataEntry* tensors = entry(file, "split.tensors.count");
  if (count != nullptr) {
    k.present = true;
    k.count = integer(*count);
    if (k.count == 0) throw GgufError(count->offset, "KV 'split.count'", "split.count is 0");
  }
  if (no != nullptr) {
    k.no = integer(*no);
    if (count == nullptr) throw GgufError(no->offset, "KV 'split.no'", "split.no without split.count");
    if (k.no >= k.count)
      throw GgufError(no->offset, "KV 'split.no'",
                      "split.no is " + std::to_string(k.no) + " (0-based) but split.count is " + std::to_string(k.count));
  } else if (k.count > 1) {
    throw GgufError(count->offset, "KV 'split.count'", "split.count is " + std::to_string(k.count) + " but split.no is absent");
  }
  if (tensors != nullptr) {
    k.tensors_count = integer(*tensors);
    k.tensors_count_offset = tensors->offset;
  }
  return k;
}

std::vector<GgufFile> assemble_shards(std::vector<GgufFile> files) {
  if (files.empty()) throw SplitError("no GGUF file chosen");
  std::vector<Shard> shards = keys_of(files);
  if (files.size() == 1 && shards.front().keys.count == 1) {
    check_tensor_total(files, shards);
    return files;
  }
  check_all_split(files, shards);
  check_each_shard_once(files, shards);
  std::vector<GgufFile> ordered(files.size());
  for (const Shard& s : shards) {
    ordered[s.keys.no] = std::move(files[s.input]);
    for (TensorInfo& t : ordered[s.keys.no].tensors) t.shard = static_cast<std::uint32_t>(s.keys.no);
  }
  check_tensor_total(ordered, shards);
  return ordered;
}

}  // namespace placement::gguf
