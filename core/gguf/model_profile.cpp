// GGUF header(s) → ModelProfile: metadata defaults (format-and-estimate.md §1.11), split merging
// (§1.8) and the layer grouping gguf-parser-go uses (§2.3).
#include "gguf/model_profile.h"

#include <map>

#include "gguf/ggml_types.h"

namespace placement::gguf {

std::optional<std::uint64_t> profile_tensor_bytes(std::uint32_t type, const std::vector<std::uint64_t>& dims) {
  const GgmlType* t = ggml_type(type);
  if (t == nullptr || dims.empty() || dims[0] % t->block_size != 0) return std::nullopt;
  // gguf-parser multiplies before dividing (TypeSize × ne0 / BlockSize); with ne0 a multiple of
  // the block size that equals ne0 / BlockSize × TypeSize, which cannot overflow first.
  std::uint64_t bytes = dims[0] / t->block_size;
  if (__builtin_mul_overflow(bytes, std::uint64_t{t->bytes_per_block}, &bytes)) return std::nullopt;
  for (std::size_t i = 1; i < dims.size(); ++i)
    if (__builtin_mul_overflow(bytes, dims[i], &bytes)) return std::nullopt;
  return bytes;
}

namespace {

// Metadata of all shards in shard order, split.no dropped, first occurrence wins (§1.8).
class MergedMetadata {
 public:
  explicit MergedMetadata(const std::vector<GgufFile>& shards) {
    for (const GgufFile& f : shards)
      for (const MetadataEntry& e : f.metadata)
        if (e.key != "split.no") entries_.push_back(&e);
  }

  const MetadataValue* find(const std::string& key) const {
    for (const MetadataEntry* e : entries_)
      if (e->key == key) return &e->value;
    return nullptr;
  }
  bool has_prefix(const std::string& prefix) const {
    for (const MetadataEntry* e : entries_)
      if (e->key.rfind(prefix, 0) == 0) return true;
    return false;
  }

  // Architectures that store per-layer values as arrays: the first element stands for all.
  std::optional<std::uint64_t> uint(const std::string& key) const {
    const MetadataValue* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (v->type == ValueType::array) {
      if (v->array.empty()) return std::nullopt;
      v = &v->array.front();
    }
    if (auto u = as_uint64(*v)) return u;
    if (v->type == ValueType::boolean) return v->b ? 1 : 0;
    if (auto d = as_double(*v); d && *d >= 0) return static_cast<std::uint64_t>(*d);
    return std::nullopt;
  }
  std::optional<std::string> string(const std::string& key) const {
    const MetadataValue* v = find(key);
    if (v == nullptr || v->type != ValueType::string) return std::nullopt;
    return v->s;
  }
  std::optional<bool> boolean(const std::string& key) const {
    const MetadataValue* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (v->type == ValueType::boolean) return v->b;
    if (auto u = as_uint64(*v)) return *u != 0;
    return std::nullopt;
  }
  std::uint64_t array_length(const std::string& key) const {
    const MetadataValue* v = find(key);
    return v != nullptr && v->type == ValueType::array ? v->array_length : 0;
  }

 private:
  std::vector<const MetadataEntry*> entries_;
};

std::string file_type_of(const MergedMetadata& m, const std::string& architecture) {
  if (auto t = m.string("general.type"); t && !t->empty()) return *t;
  if (architecture == "clip") return "projector";
  if (m.find("adapter.type") != nullptr || m.has_prefix("controlvector.")) return "adapter";
  return "model";
}

void read_hyper_parameters(const MergedMetadata& m, ModelProfile& p) {
  const std::string a = p.architecture + ".";
  p.context_length = m.uint(a + "context_length").value_or(0);
  p.embedding_length = m.uint(a + "embedding_length").value_or(0);
  p.block_count = m.uint(a + "block_count").value_or(0);
  p.head_count = m.uint(a + "attention.head_count").value_or(0);
  p.head_count_kv = m.uint(a + "attention.head_count_kv").value_or(p.head_count);
  const std::uint64_t head_size = p.head_count != 0 ? p.embedding_length / p.head_count : 0;
  p.key_length = m.uint(a + "attention.key_length").value_or(head_size);
  p.value_length = m.uint(a + "attention.value_length").value_or(head_size);
  p.key_length_mla = m.uint(a + "attention.key_length_mla").value_or(0);
  p.value_length_mla = m.uint(a + "attention.value_length_mla").value_or(0);
  p.pooling_type = m.uint(a + "pooling_type").value_or(0);
  p.causal = m.boolean(a + "attention.causal").value_or(true) && p.pooling_type <= 2;
  p.expert_count = m.uint(a + "expert_count").value_or(0);
  p.expert_used_count = m.uint(a + "expert_used_count").value_or(0);
  p.tokenizer.model = m.string("tokenizer.ggml.model").value_or("");
  p.tokenizer.tokens = m.array_length("tokenizer.ggml.tokens");
  p.tokenizer.merges = m.array_length("tokenizer.ggml.merges");
  p.vocab_size = m.uint(a + "vocab_size").value_or(p.tokenizer.tokens);
}

// "blk.12.attn_q.weight" → ("blk.12", "attn_q.weight"); anything else is its own group.
struct GroupName {
  std::string group;
  std::string role;
  bool block = false;
};
GroupName group_name(const std::string& tensor) {
  for (const char* prefix : {"blk.", "block."}) {
    const std::string p = prefix;
    if (tensor.rfind(p, 0) != 0) continue;
    std::size_t i = p.size();
    while (i < tensor.size() && tensor[i] >= '0' && tensor[i] <= '9') ++i;
    if (i == p.size() || i >= tensor.size() || tensor[i] != '.') break;
    return {tensor.substr(0, i), tensor.substr(i + 1), true};
  }
  return {tensor, tensor, false};
}

bool starts_with_any(const std::string& s, std::initializer_list<const char*> prefixes) {
  for (const char* p : prefixes)
    if (s.rfind(p, 0) == 0) return true;
  return false;
}

// gguf-parser pads the tensor infos with alignment − (end % alignment) bytes, a whole block when
// they already end on a boundary (§1.6); its header size, which the estimate adds, follows that.
std::uint64_t parser_header_bytes(const GgufFile& f) {
  if (f.tensor_info_end == 0 || f.alignment == 0) return f.data_offset;
  return f.tensor_info_end + (f.alignment - f.tensor_info_end % f.alignment);
}

struct Group {
  bool block = false;
  std::vector<ProfileTensor> tensors;
};

std::string kind_key(const Group& g) {
  std::string key = g.block ? "B" : "N";
  for (const ProfileTensor& t : g.tensors) {
    key += '|' + t.name + ':' + std::to_string(t.type);
    for (std::uint64_t d : t.dims) key += ',' + std::to_string(d);
  }
  return key;
}

}  // namespace

ModelProfile profile_from_gguf(const std::vector<GgufFile>& shards) {
  MergedMetadata meta(shards);
  ModelProfile p;
  p.architecture = meta.string("general.architecture").value_or("llama");
  if (p.architecture.empty()) p.architecture = "llama";
  p.type = file_type_of(meta, p.architecture);
  p.name = meta.string("general.name").value_or("");
  p.file_type = meta.uint("general.file_type");
  read_hyper_parameters(meta, p);
  p.shards = static_cast<std::uint32_t>(shards.size());

  // Groups in order of first appearance (§2.3); blocks may be out of layer order: keep it.
  std::vector<Group> groups;
  std::vector<std::string> group_names;
  std::map<std::string, std::size_t> group_index;
  for (const GgufFile& f : shards) {
    p.header_bytes += parser_header_bytes(f);
    p.file_bytes += f.file_size;
    for (const TensorInfo& t : f.tensors) {
      ++p.tensor_count;
      p.parameters += tensor_elements(t);
      const GroupName g = group_name(t.name);
      auto [it, inserted] = group_index.emplace(g.group, groups.size());
      if (inserted) {
        groups.push_back(Group{g.block, {}});
        group_names.push_back(g.group);
      }
      ProfileTensor pt{g.role, t.type, t.dims, 0};
      pt.bytes = profile_tensor_bytes(t.type, t.dims).value_or(t.nbytes);
      groups[it->second].tensors.push_back(std::move(pt));
    }
  }

  std::map<std::string, std::uint32_t> kinds;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    Group& g = groups[i];
    const std::string& n = group_names[i];
    if (!g.block && starts_with_any(n, {"position_", "token_"})) {
      for (auto& t : g.tensors) p.input.push_back(std::move(t));
      continue;
    }
    if (!g.block && starts_with_any(n, {"cls.", "output.", "output_", "rope_factors_"})) {
      for (auto& t : g.tensors) p.output.push_back(std::move(t));
      continue;
    }
    auto [it, inserted] = kinds.emplace(kind_key(g), static_cast<std::uint32_t>(p.layer_kinds.size()));
    if (inserted) {
      LayerKind k{g.block, std::move(g.tensors), 0};
      for (const ProfileTensor& t : k.tensors) k.bytes += t.bytes;
      p.layer_kinds.push_back(std::move(k));
    }
    p.layers.push_back(it->second);
  }
  return p;
}

}  // namespace placement::gguf
