// ModelProfile ⇄ JSON (scenario estimates.gguf_profile, `placement gguf FILE --profile`).
//
// Shape ("gguf-profile/1"): scalar facts, then
//   "input" / "output": [[name, ggml type, [ne0, ne1, …]], …]
//   "layer_kinds": [{"block": bool, "tensors": [[role, type, dims], …]}, …]
//   "layers": [kind index, …]           the TF list in file order
// Tensor byte sizes are derived from type and dims on reading, so they are never stored.
#include "gguf/model_profile.h"

#include "gguf/ggml_types.h"
#include "scenario/json_reader.h"
#include "scenario/limits.h"

namespace placement::gguf {

namespace {

constexpr const char* kSchema = "gguf-profile/1";

Json tensor_to_json(const ProfileTensor& t) {
  Json dims = Json::array();
  for (std::uint64_t d : t.dims) dims.push_back(d);
  return Json::array({t.name, t.type, dims});
}

Json tensors_to_json(const std::vector<ProfileTensor>& ts) {
  Json a = Json::array();
  for (const ProfileTensor& t : ts) a.push_back(tensor_to_json(t));
  return a;
}

std::uint64_t read_uint(const JsonReader& r, const std::string& key, std::uint64_t fallback = 0) {
  auto v = r.opt_size(key);
  return v ? static_cast<std::uint64_t>(*v) : fallback;
}

ProfileTensor tensor_from_json(const JsonReader& r) {
  r.expect_array();
  if (r.value().size() != 3) r.fail("a tensor is [name, ggml type, dims]");
  ProfileTensor t;
  t.name = r.at(std::size_t{0}).as_string();
  const JsonReader type = r.at(std::size_t{1});
  const std::int64_t id = type.as_size();
  if (ggml_type(static_cast<std::uint32_t>(id)) == nullptr || id > 0xffffffffLL) type.fail("unknown ggml type " + std::to_string(id));
  t.type = static_cast<std::uint32_t>(id);
  const JsonReader dims = r.at(std::size_t{2});
  dims.expect_array();
  if (dims.value().empty() || dims.value().size() > 4) dims.fail("a tensor has 1 to 4 dimensions");
  for (const JsonReader& d : dims.elements()) {
    const std::int64_t v = d.as_size();
    if (v == 0) d.fail("a dimension must be positive");
    t.dims.push_back(static_cast<std::uint64_t>(v));
  }
  auto bytes = profile_tensor_bytes(t.type, t.dims);
  if (!bytes) dims.fail("ne[0] is not a multiple of the type's block size, or the size overflows");
  // With every tensor and layer kind within 64 TiB and at most kMaxLayers layers, the
  // estimator's sums over layers stay far inside 64 bits.
  if (*bytes > static_cast<std::uint64_t>(limits::kMaxBytes)) dims.fail("a tensor larger than 64 TiB is beyond the explorer's limit");
  t.bytes = *bytes;
  return t;
}

std::vector<ProfileTensor> tensors_from_json(const JsonReader& r) {
  std::vector<ProfileTensor> out;
  r.expect_array();
  for (const JsonReader& e : r.elements()) out.push_back(tensor_from_json(e));
  return out;
}

}  // namespace

Json profile_to_json(const ModelProfile& p) {
  Json j{{"schema", kSchema}, {"architecture", p.architecture}, {"type", p.type}};
  if (!p.name.empty()) j["name"] = p.name;
  if (p.file_type) j["file_type"] = *p.file_type;
  // The scheduler's evaluation step reads it (scheduler-rules.md E2), like gguf-parser's estimate flag.
  j["distributable"] = p.distributable();
  j["context_length"] = p.context_length;
  j["embedding_length"] = p.embedding_length;
  j["block_count"] = p.block_count;
  j["head_count"] = p.head_count;
  j["head_count_kv"] = p.head_count_kv;
  j["key_length"] = p.key_length;
  j["value_length"] = p.value_length;
  if (p.key_length_mla != 0 || p.value_length_mla != 0) {
    j["key_length_mla"] = p.key_length_mla;
    j["value_length_mla"] = p.value_length_mla;
  }
  j["causal"] = p.causal;
  if (p.pooling_type != 0) j["pooling_type"] = p.pooling_type;
  if (p.expert_count != 0 || p.expert_used_count != 0) {
    j["expert_count"] = p.expert_count;
    j["expert_used_count"] = p.expert_used_count;
  }
  j["vocab_size"] = p.vocab_size;
  j["tokenizer"] = Json{{"model", p.tokenizer.model}, {"tokens", p.tokenizer.tokens}, {"merges", p.tokenizer.merges}};
  j["header_bytes"] = p.header_bytes;
  j["file_bytes"] = p.file_bytes;
  j["shards"] = p.shards;
  j["tensor_count"] = p.tensor_count;
  j["parameters"] = p.parameters;
  j["input"] = tensors_to_json(p.input);
  j["output"] = tensors_to_json(p.output);
  Json kinds = Json::array();
  for (const LayerKind& k : p.layer_kinds) kinds.push_back(Json{{"block", k.block}, {"tensors", tensors_to_json(k.tensors)}});
  j["layer_kinds"] = kinds;
  j["layers"] = p.layers;
  return j;
}

ModelProfile profile_from_json(const Json& j, const std::string& pointer) {
  JsonReader r(j, pointer);
  r.expect_object();
  if (auto schema = r.opt_string("schema"); schema && *schema != kSchema)
    r.fail_member("schema", "unsupported profile schema '" + *schema + "' (expected " + kSchema + ")");
  ModelProfile p;
  p.architecture = r.req_string("architecture");
  p.type = r.opt_string("type").value_or("model");
  p.name = r.opt_string("name").value_or("");
  if (auto v = r.opt_size("file_type")) p.file_type = static_cast<std::uint64_t>(*v);
  p.context_length = read_uint(r, "context_length");
  p.embedding_length = read_uint(r, "embedding_length");
  p.block_count = read_uint(r, "block_count");
  p.head_count = read_uint(r, "head_count");
  p.head_count_kv = read_uint(r, "head_count_kv", p.head_count);
  const std::uint64_t head_size = p.head_count != 0 ? p.embedding_length / p.head_count : 0;
  p.key_length = read_uint(r, "key_length", head_size);
  p.value_length = read_uint(r, "value_length", head_size);
  p.key_length_mla = read_uint(r, "key_length_mla");
  p.value_length_mla = read_uint(r, "value_length_mla");
  p.causal = r.opt_bool("causal").value_or(true);
  p.pooling_type = read_uint(r, "pooling_type");
  p.expert_count = read_uint(r, "expert_count");
  p.expert_used_count = read_uint(r, "expert_used_count");
  if (r.has("tokenizer")) {
    const JsonReader t = r.at("tokenizer");
    t.expect_object();
    p.tokenizer.model = t.opt_string("model").value_or("");
    p.tokenizer.tokens = read_uint(t, "tokens");
    p.tokenizer.merges = read_uint(t, "merges");
  }
  p.vocab_size = read_uint(r, "vocab_size", p.tokenizer.tokens);
  p.header_bytes = static_cast<std::uint64_t>(r.req_size("header_bytes"));
  p.file_bytes = read_uint(r, "file_bytes", p.header_bytes);
  p.shards = static_cast<std::uint32_t>(read_uint(r, "shards", 1));
  p.tensor_count = static_cast<std::uint64_t>(r.req_size("tensor_count"));
  p.parameters = read_uint(r, "parameters");
  if (r.has("input")) p.input = tensors_from_json(r.at("input"));
  if (r.has("output")) p.output = tensors_from_json(r.at("output"));

  const JsonReader kinds = r.at("layer_kinds");
  kinds.expect_array();
  for (const JsonReader& k : kinds.elements()) {
    k.expect_object();
    LayerKind kind;
    kind.block = k.opt_bool("block").value_or(true);
    kind.tensors = tensors_from_json(k.at("tensors"));
    for (const ProfileTensor& t : kind.tensors) {
      kind.bytes += t.bytes;  // each term ≤ 2^46, checked as it grows: never wraps
      if (kind.bytes > static_cast<std::uint64_t>(limits::kMaxBytes)) k.fail("a layer larger than 64 TiB is beyond the explorer's limit");
    }
    p.layer_kinds.push_back(std::move(kind));
  }
  const JsonReader layers = r.at("layers");
  layers.expect_array();
  for (const JsonReader& l : layers.elements_at_most(static_cast<std::size_t>(limits::kMaxLayers), "layers")) {
    const std::int64_t k = l.as_size();
    if (k >= static_cast<std::int64_t>(p.layer_kinds.size()))
      l.fail("layer kind " + std::to_string(k) + " does not exist (" + std::to_string(p.layer_kinds.size()) + " kinds)");
    p.layers.push_back(static_cast<std::uint32_t>(k));
  }
  return p;
}

}  // namespace placement::gguf
