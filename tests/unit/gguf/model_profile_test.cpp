// ModelProfile: metadata defaults (§1.11), layer grouping (§2.3), split merging (§1.8), the
// gguf-parser header size (§1.6), JSON round trip and errors, and the size bound.
#include <catch2/catch.hpp>

#include <functional>

#include "estimator_fixtures.h"
#include "gguf/estimator.h"
#include "gguf/model_profile.h"
#include "scenario/errors.h"

#if __has_include(<dlfcn.h>)
#include <dlfcn.h>
#define PE_HAVE_DLOPEN 1
#endif

using namespace placement::gguf;
using placement::Json;

namespace {

MetadataValue u32(std::uint64_t v) {
  MetadataValue m;
  m.type = ValueType::uint32;
  m.u = v;
  return m;
}
MetadataValue u64v(std::uint64_t v) {
  MetadataValue m;
  m.type = ValueType::uint64;
  m.u = v;
  return m;
}
MetadataValue i32(std::int64_t v) {
  MetadataValue m;
  m.type = ValueType::int32;
  m.i = v;
  return m;
}
MetadataValue str(const std::string& s) {
  MetadataValue m;
  m.type = ValueType::string;
  m.s = s;
  return m;
}
MetadataValue boolean(bool b) {
  MetadataValue m;
  m.type = ValueType::boolean;
  m.b = b;
  return m;
}
// An array whose reader kept only a prefix: its length is what counts.
MetadataValue array_of(ValueType element, std::uint64_t length, std::vector<MetadataValue> kept = {}) {
  MetadataValue m;
  m.type = ValueType::array;
  m.array_type = element;
  m.array_length = length;
  m.array = std::move(kept);
  return m;
}

TensorInfo tensor_info(const std::string& name, std::uint32_t type, std::vector<std::uint64_t> dims) {
  TensorInfo t;
  t.name = name;
  t.type = type;
  t.dims = std::move(dims);
  t.nbytes = profile_tensor_bytes(type, t.dims).value();
  return t;
}

GgufFile file_with(std::vector<MetadataEntry> metadata, std::vector<TensorInfo> tensors = {}) {
  GgufFile f;
  f.metadata = std::move(metadata);
  f.tensors = std::move(tensors);
  f.tensor_count = f.tensors.size();
  f.kv_count = f.metadata.size();
  f.data_offset = 1024;
  f.file_size = 4096;
  return f;
}

}  // namespace

TEST_CASE("profile: metadata defaults and reading (§1.11)", "[gguf][profile]") {
  using Meta = std::vector<MetadataEntry>;
  struct Row {
    const char* rule;
    Meta meta;
    std::function<bool(const ModelProfile&)> check;
  };
  const Meta base = {{"general.architecture", str("qwen2")},
                     {"qwen2.embedding_length", u32(4096)},
                     {"qwen2.attention.head_count", u32(32)}};
  auto with = [&](Meta extra) {
    Meta m = base;
    m.insert(m.end(), extra.begin(), extra.end());
    return m;
  };
  const Row rows[] = {
      {"architecture selects the key prefix", with({{"qwen2.context_length", u32(32768)}}),
       [](const auto& p) { return p.architecture == "qwen2" && p.context_length == 32768; }},
      {"architecture defaults to llama", {{"llama.block_count", u32(3)}},
       [](const auto& p) { return p.architecture == "llama" && p.block_count == 3; }},
      {"head_count_kv defaults to head_count", base, [](const auto& p) { return p.head_count_kv == 32; }},
      {"head sizes default to n_embd / n_head", base, [](const auto& p) { return p.key_length == 128 && p.value_length == 128; }},
      {"explicit head sizes", with({{"qwen2.attention.key_length", u32(96)}, {"qwen2.attention.value_length", u32(64)}}),
       [](const auto& p) { return p.key_length == 96 && p.value_length == 64; }},
      {"per-layer arrays: the first element", with({{"qwen2.attention.head_count_kv", array_of(ValueType::uint32, 2, {u32(4), u32(8)})}}),
       [](const auto& p) { return p.head_count_kv == 4; }},
      {"any integer type", with({{"qwen2.context_length", u64v(1 << 20)}, {"qwen2.block_count", i32(28)}}),
       [](const auto& p) { return p.context_length == (1u << 20) && p.block_count == 28; }},
      {"MLA head sizes", with({{"qwen2.attention.key_length_mla", u32(192)}, {"qwen2.attention.value_length_mla", u32(128)}}),
       [](const auto& p) { return p.key_length_mla == 192 && p.value_length_mla == 128; }},
      {"vocabulary defaults to the token count",
       with({{"tokenizer.ggml.model", str("gpt2")}, {"tokenizer.ggml.tokens", array_of(ValueType::string, 151936)},
             {"tokenizer.ggml.merges", array_of(ValueType::string, 151387)}}),
       [](const auto& p) { return p.vocab_size == 151936 && p.tokenizer.tokens == 151936 && p.tokenizer.merges == 151387 &&
                                  p.tokenizer.model == "gpt2"; }},
      {"explicit vocab_size", with({{"qwen2.vocab_size", u32(1000)}, {"tokenizer.ggml.tokens", array_of(ValueType::string, 900)}}),
       [](const auto& p) { return p.vocab_size == 1000; }},
      {"causal by default", base, [](const auto& p) { return p.causal; }},
      {"attention.causal false: embedding model", with({{"qwen2.attention.causal", boolean(false)}}),
       [](const auto& p) { return !p.causal; }},
      {"pooling type > 2 counts as non-causal", with({{"qwen2.pooling_type", u32(3)}}), [](const auto& p) { return !p.causal; }},
      {"pooling type 2 stays causal", with({{"qwen2.pooling_type", u32(2)}}), [](const auto& p) { return p.causal; }},
      {"MoE counts", with({{"qwen2.expert_count", u32(64)}, {"qwen2.expert_used_count", u32(8)}}),
       [](const auto& p) { return p.expert_count == 64 && p.expert_used_count == 8; }},
      {"type: model by default", base, [](const auto& p) { return p.type == "model" && p.distributable(); }},
      {"type: general.type", with({{"general.type", str("adapter")}}), [](const auto& p) { return p.type == "adapter" && !p.distributable(); }},
      {"type: clip is a projector", {{"general.architecture", str("clip")}}, [](const auto& p) { return p.type == "projector"; }},
      {"type: control vectors are adapters", {{"controlvector.layer_count", u32(3)}}, [](const auto& p) { return p.type == "adapter"; }},
      {"display facts", with({{"general.name", str("Qwen")}, {"general.file_type", u32(15)}}),
       [](const auto& p) { return p.name == "Qwen" && p.file_type == 15u; }},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    CHECK(r.check(profile_from_gguf({file_with(r.meta)})));
  }
}

TEST_CASE("profile: layer groups in file order (§2.3)", "[gguf][profile]") {
  const std::vector<TensorInfo> tensors = {
      tensor_info("rope_freqs.weight", 0, {64}),
      tensor_info("token_embd.weight", 1, {64, 100}),
      tensor_info("blk.0.attn_norm.weight", 0, {64}),
      tensor_info("blk.0.attn_q.weight", 1, {64, 64}),
      tensor_info("blk.1.attn_norm.weight", 0, {64}),
      tensor_info("blk.1.attn_q.weight", 1, {64, 64}),
      tensor_info("blk.0.ffn_up.weight", 1, {64, 128}),  // back to block 0: joins its group
      tensor_info("output_norm.weight", 0, {64}),
      tensor_info("output.weight", 1, {64, 100}),
      tensor_info("position_embd.weight", 0, {64, 16}),
      tensor_info("cls.output.weight", 0, {64}),
      tensor_info("rope_factors_long.weight", 0, {32}),
      tensor_info("block.2.attn_q.weight", 1, {64, 64}),
      tensor_info("blk.3.attn_norm.weight", 0, {64}),  // same composition as block 1
      tensor_info("blk.3.attn_q.weight", 1, {64, 64}),
      tensor_info("blkx.4.attn_q.weight", 1, {64, 64}),  // not a block name
  };
  const ModelProfile p = profile_from_gguf({file_with({}, tensors)});
  REQUIRE(p.input.size() == 2);
  CHECK(p.input[0].name == "token_embd.weight");
  CHECK(p.input[1].name == "position_embd.weight");
  REQUIRE(p.output.size() == 4);
  CHECK(p.output[0].name == "output_norm.weight");
  CHECK(p.output[1].name == "output.weight");
  CHECK(p.output[2].name == "cls.output.weight");
  CHECK(p.output[3].name == "rope_factors_long.weight");
  // TF: rope_freqs, blk.0, blk.1, block.2, blk.3, blkx.4.attn_q.weight
  REQUIRE(p.layers.size() == 6);
  CHECK_FALSE(p.layer(0).block);
  CHECK(p.layer(0).tensors[0].name == "rope_freqs.weight");
  REQUIRE(p.layer(1).tensors.size() == 3);
  CHECK(p.layer(1).tensors[2].name == "ffn_up.weight");
  CHECK(p.layer(1).bytes == 256 + 8192 + 16384);
  CHECK(p.layer(2).tensors.size() == 2);
  CHECK(p.layer(3).block);
  CHECK(p.layer(3).tensors[0].name == "attn_q.weight");
  CHECK(p.layers[4] == p.layers[2]);  // identical compositions share a kind
  CHECK_FALSE(p.layer(5).block);
  CHECK(p.layer(5).tensors[0].name == "blkx.4.attn_q.weight");
  CHECK(p.tensor_count == tensors.size());
  CHECK(p.effective_block_count() == 6);
}

TEST_CASE("profile: split shards merge (§1.8) and header bytes (§1.6)", "[gguf][profile]") {
  GgufFile one = file_with({{"general.architecture", str("llama")}, {"split.no", u32(0)}, {"llama.block_count", u32(2)}},
                           {tensor_info("token_embd.weight", 0, {8, 10})});
  one.data_offset = 5000;
  one.file_size = 5000;
  GgufFile two = file_with({{"split.no", u32(1)}, {"llama.block_count", u32(9)}, {"llama.context_length", u32(4096)}},
                           {tensor_info("blk.0.attn_q.weight", 0, {8, 8}), tensor_info("blk.1.attn_q.weight", 0, {8, 8})});
  two.data_offset = 300;
  two.file_size = 812;
  const ModelProfile p = profile_from_gguf({one, two});
  CHECK(p.block_count == 2);        // first occurrence wins
  CHECK(p.context_length == 4096);  // later shards still contribute keys
  CHECK(p.shards == 2);
  CHECK(p.tensor_count == 3);
  CHECK(p.header_bytes == 5300);
  CHECK(p.file_bytes == 5812);
  CHECK(p.layers.size() == 2);
  CHECK(p.parameters == 80 + 64 + 64);

  struct Row {
    const char* rule;
    std::uint64_t info_end, alignment, data_offset, header;
  };
  const Row rows[] = {
      {"infos end inside a block: the padded offset", 150, 32, 160, 160},
      {"infos end on a boundary: gguf-parser adds a whole block", 160, 32, 160, 192},
      {"unknown info end: the data offset", 0, 32, 160, 160},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    GgufFile f = file_with({});
    f.tensor_info_end = r.info_end;
    f.alignment = r.alignment;
    f.data_offset = r.data_offset;
    CHECK(profile_from_gguf({f}).header_bytes == r.header);
  }
}

TEST_CASE("profile: JSON round trip", "[gguf][profile]") {
  ModelProfile p = test::llama70b_like();
  p.name = "Llama";
  p.file_type = 15;
  p.key_length_mla = 3, p.value_length_mla = 4;
  p.expert_count = 8, p.expert_used_count = 2;
  const Json j = profile_to_json(p);
  CHECK(j["schema"] == "gguf-profile/1");
  CHECK(j["distributable"] == true);
  const ModelProfile back = profile_from_json(j, "/p");
  CHECK(profile_to_json(back) == j);
  CHECK(back.layer(1).bytes == p.layer(1).bytes);
  CHECK(back.output[1].bytes == 861880320);
  EstimatorOptions o;
  o.ctx_size = 2048;
  CHECK(estimate_to_json(estimate(back, o)) == estimate_to_json(estimate(p, o)));
}

TEST_CASE("profile: malformed JSON names the place", "[gguf][profile]") {
  const Json good = profile_to_json(test::small_llama(2));
  struct Row {
    const char* rule;
    std::function<void(Json&)> spoil;
    const char* pointer;
  };
  const Row rows[] = {
      {"not an object", [](Json& j) { j = Json::array(); }, "/p"},
      {"wrong schema", [](Json& j) { j["schema"] = "gguf-profile/9"; }, "/p/schema"},
      {"architecture missing", [](Json& j) { j.erase("architecture"); }, "/p/architecture"},
      {"header_bytes missing", [](Json& j) { j.erase("header_bytes"); }, "/p/header_bytes"},
      {"negative count", [](Json& j) { j["block_count"] = -1; }, "/p/block_count"},
      {"removed ggml type", [](Json& j) { j["input"][0][1] = 4; }, "/p/input/0/1"},
      {"tensor not a triple", [](Json& j) { j["output"][0] = Json::array({"x", 0}); }, "/p/output/0"},
      {"ne0 not a multiple of the block", [](Json& j) { j["input"][0] = Json::array({"t", 12, {100}}); }, "/p/input/0/2"},
      {"zero dimension", [](Json& j) { j["layer_kinds"][0]["tensors"][0][2] = Json::array({0}); },
       "/p/layer_kinds/0/tensors/0/2/0"},
      {"five dimensions", [](Json& j) { j["layer_kinds"][0]["tensors"][0][2] = Json::array({1, 1, 1, 1, 1}); },
       "/p/layer_kinds/0/tensors/0/2"},
      {"unknown layer kind", [](Json& j) { j["layers"][1] = 5; }, "/p/layers/1"},
      {"layers missing", [](Json& j) { j.erase("layers"); }, "/p/layers"},
  };
  for (const Row& r : rows) {
    INFO(r.rule);
    Json j = good;
    r.spoil(j);
    try {
      profile_from_json(j, "/p");
      FAIL("accepted");
    } catch (const placement::InputError& e) {
      CHECK(e.pointer() == r.pointer);
    }
  }
}

namespace {

// A Llama 3.1 70B Q4_K_M layout: 80 blocks of 9 tensors, attn_v / ffn_down in Q6_K on
// llama.cpp's "more bits" layers, Q4_K elsewhere.
ModelProfile llama70b_q4_k_m() {
  std::vector<TensorInfo> t;
  t.push_back(tensor_info("rope_freqs.weight", 0, {64}));
  t.push_back(tensor_info("token_embd.weight", 12, {8192, 128256}));
  for (int i = 0; i < 80; ++i) {
    const bool more = i < 10 || i >= 70 || (i - 10) % 3 == 2;
    const std::string b = "blk." + std::to_string(i) + ".";
    t.push_back(tensor_info(b + "attn_k.weight", 12, {8192, 1024}));
    t.push_back(tensor_info(b + "attn_norm.weight", 0, {8192}));
    t.push_back(tensor_info(b + "attn_output.weight", 12, {8192, 8192}));
    t.push_back(tensor_info(b + "attn_q.weight", 12, {8192, 8192}));
    t.push_back(tensor_info(b + "attn_v.weight", more ? 14 : 12, {8192, 1024}));
    t.push_back(tensor_info(b + "ffn_down.weight", more ? 14 : 12, {28672, 8192}));
    t.push_back(tensor_info(b + "ffn_gate.weight", 12, {8192, 28672}));
    t.push_back(tensor_info(b + "ffn_norm.weight", 0, {8192}));
    t.push_back(tensor_info(b + "ffn_up.weight", 12, {8192, 28672}));
  }
  t.push_back(tensor_info("output.weight", 14, {8192, 128256}));
  t.push_back(tensor_info("output_norm.weight", 0, {8192}));
  GgufFile f = file_with({{"general.architecture", str("llama")},
                          {"general.name", str("Llama 3.1 70B Instruct")},
                          {"llama.context_length", u32(131072)},
                          {"llama.embedding_length", u32(8192)},
                          {"llama.block_count", u32(80)},
                          {"llama.attention.head_count", u32(64)},
                          {"llama.attention.head_count_kv", u32(8)},
                          {"tokenizer.ggml.model", str("gpt2")},
                          {"tokenizer.ggml.tokens", array_of(ValueType::string, 128256)},
                          {"tokenizer.ggml.merges", array_of(ValueType::string, 280147)}},
                         t);
  f.data_offset = 7866208;
  f.file_size = 42520397920ULL;
  return profile_from_gguf({f});
}

}  // namespace

TEST_CASE("profile: a 70B model's profile is small enough for a URL", "[gguf][profile]") {
  const ModelProfile p = llama70b_q4_k_m();
  CHECK(p.layer_kinds.size() == 3);  // rope_freqs + two block compositions
  const std::string text = profile_to_json(p).dump();
  INFO("profile JSON: " << text.size() << " bytes");
  CHECK(text.size() < 6000);  // documented bound without compression
#ifdef PE_HAVE_DLOPEN
  // zlib is optional at build time: load it if the system has it, skip the check otherwise.
  using CompressBound = unsigned long (*)(unsigned long);
  using Compress2 = int (*)(unsigned char*, unsigned long*, const unsigned char*, unsigned long, int);
  void* z = dlopen("libz.so.1", RTLD_NOW);
  if (z == nullptr) {
    WARN("zlib not available: deflate size not checked");
    return;
  }
  auto bound = reinterpret_cast<CompressBound>(dlsym(z, "compressBound"));
  auto compress2 = reinterpret_cast<Compress2>(dlsym(z, "compress2"));
  REQUIRE(bound != nullptr);
  REQUIRE(compress2 != nullptr);
  std::vector<unsigned char> out(bound(text.size()));
  unsigned long out_size = out.size();
  REQUIRE(compress2(out.data(), &out_size, reinterpret_cast<const unsigned char*>(text.data()), text.size(), 9) == 0);
  INFO("deflated: " << out_size << " bytes");
  CHECK(out_size < 4096);
  dlclose(z);
#endif
}
