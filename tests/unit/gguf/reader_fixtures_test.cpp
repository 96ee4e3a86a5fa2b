// The real and format fixtures parse to exactly what @huggingface/gguf 0.4.6 reported for them
// (tests/data/gguf/real/<name>.json), and the header-only model files match the file facts of
// their .expected.json.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "gguf/ggml_types.h"
#include "gguf/split_files.h"
#include "gguf_test_support.h"

using placement::Json;
using namespace placement::gguf;

namespace {

Json load_json(const std::string& rel) {
  std::ifstream in(gguf_test::data_path(rel));
  return Json::parse(in);
}

// One reference value (JSON) against one parsed value of the given type.
void check_value(const Json& expected, const MetadataValue& v, const std::string& where) {
  INFO(where);
  switch (v.type) {
    case ValueType::uint8: case ValueType::uint16: case ValueType::uint32: case ValueType::uint64:
      CHECK(expected.get<std::uint64_t>() == v.u);
      break;
    case ValueType::int8: case ValueType::int16: case ValueType::int32: case ValueType::int64:
      CHECK(expected.get<std::int64_t>() == v.i);
      break;
    case ValueType::float32: case ValueType::float64:
      CHECK(expected.get<double>() == v.f);  // exact: FLOAT32 is printed as the double it widens to
      break;
    case ValueType::boolean: CHECK(expected.get<bool>() == v.b); break;
    case ValueType::string: CHECK(expected.get<std::string>() == v.s); break;
    case ValueType::array:
      REQUIRE(expected.is_array());
      REQUIRE(v.array.size() >= expected.size());
      for (std::size_t k = 0; k < expected.size(); ++k) check_value(expected[k], v.array[k], where + "[" + std::to_string(k) + "]");
      break;
  }
}

void check_against_reference(const std::string& name) {
  Json ref = load_json("real/" + name + ".json");
  std::vector<std::uint8_t> bytes = gguf_test::read_bytes(gguf_test::data_path("real/" + name + ".gguf"));
  REQUIRE(bytes.size() == ref["file_size"].get<std::uint64_t>());
  GgufFile f = gguf_test::parse_all(bytes);

  CHECK(f.version == ref["version"].get<std::uint32_t>());
  CHECK(f.big_endian == !ref["little_endian"].get<bool>());
  CHECK(f.tensor_count == ref["tensor_count"].get<std::uint64_t>());
  CHECK(f.kv_count == ref["kv_count"].get<std::uint64_t>());
  CHECK(f.file_size == bytes.size());

  const Json& md = ref["metadata"];
  REQUIRE(f.metadata.size() == md.size());
  for (std::size_t k = 0; k < md.size(); ++k) {
    const Json& e = md[k];
    const MetadataEntry& got = f.metadata[k];
    std::string where = name + " KV " + std::to_string(k) + " " + e["key"].get<std::string>();
    INFO(where);
    CHECK(got.key == e["key"].get<std::string>());
    CHECK(static_cast<int>(got.value.type) == e["type_id"].get<int>());
    CHECK(std::string(value_type_name(got.value.type)) == e["type"].get<std::string>());
    if (got.value.type == ValueType::array) {
      CHECK(static_cast<int>(got.value.array_type) == e["element_type_id"].get<int>());
      CHECK(std::string(value_type_name(got.value.array_type)) == e["element_type"].get<std::string>());
      CHECK(got.value.array_length == e["length"].get<std::uint64_t>());
      check_value(e["first"], got.value, where);
    } else {
      check_value(e["value"], got.value, where);
    }
  }

  const Json& ts = ref["tensors"];
  REQUIRE(f.tensors.size() == ts.size());
  for (std::size_t k = 0; k < ts.size(); ++k) {
    const Json& t = ts[k];
    const TensorInfo& got = f.tensors[k];
    INFO(name + " tensor " + std::to_string(k) + " " + t["name"].get<std::string>());
    CHECK(got.name == t["name"].get<std::string>());
    CHECK(got.type == t["type_id"].get<std::uint32_t>());
    CHECK(std::string(ggml_type_name(got.type)) == t["type"].get<std::string>());
    CHECK(got.dims.size() == t["n_dims"].get<std::size_t>());
    CHECK(got.dims == t["shape"].get<std::vector<std::uint64_t>>());
    CHECK(got.offset == t["offset"].get<std::uint64_t>());
  }

  CHECK(f.data_offset == ref["tensor_data_offset"].get<std::uint64_t>());
  CHECK(f.tensor_info_offset == ref["tensor_info_byte_range"][0].get<std::uint64_t>());
  CHECK(f.tensor_info_end == ref["tensor_info_byte_range"][1].get<std::uint64_t>());
  CHECK(parameter_count(f) == ref["parameter_count"].get<std::uint64_t>());
}

// llama.cpp's writer puts tensors back to back in padded form: each offset is the previous one
// plus its padded size, which checks every type's block size and bytes per block in the file.
void check_back_to_back(const GgufFile& f) {
  std::uint64_t expected = 0;
  for (const TensorInfo& t : f.tensors) {
    INFO(t.name);
    CHECK(t.offset == expected);
    expected = t.offset + (t.nbytes + f.alignment - 1) / f.alignment * f.alignment;
  }
  CHECK(tensor_data_bytes(f) == expected);
}

}  // namespace

TEST_CASE("gguf reader: fixtures parse exactly as @huggingface/gguf reports", "[gguf][reader]") {
  const char* names[] = {"llama-2-tiny-random", "format-v1",    "format-v2",
                         "format-v3-le",        "format-v3-be", "format-aligned-infos"};
  for (const char* name : names) {
    SECTION(name) { check_against_reference(name); }
  }
}

TEST_CASE("gguf reader: the four format encodings hold the same content", "[gguf][reader]") {
  GgufFile v1 = gguf_test::parse_all(gguf_test::read_bytes(gguf_test::data_path("real/format-v1.gguf")));
  GgufFile v2 = gguf_test::parse_all(gguf_test::read_bytes(gguf_test::data_path("real/format-v2.gguf")));
  GgufFile le = gguf_test::parse_all(gguf_test::read_bytes(gguf_test::data_path("real/format-v3-le.gguf")));
  GgufFile be = gguf_test::parse_all(gguf_test::read_bytes(gguf_test::data_path("real/format-v3-be.gguf")));
  CHECK_FALSE(le.big_endian);
  CHECK(be.big_endian);
  CHECK(v1.version == 1);
  for (const GgufFile* f : {&v1, &v2, &be}) {
    REQUIRE(f->metadata.size() == le.metadata.size());
    for (std::size_t k = 0; k < le.metadata.size(); ++k) {
      INFO(le.metadata[k].key);
      const MetadataValue& a = f->metadata[k].value;
      const MetadataValue& b = le.metadata[k].value;
      CHECK(f->metadata[k].key == le.metadata[k].key);
      CHECK(a.type == b.type);
      CHECK(a.u == b.u);
      CHECK(a.i == b.i);
      CHECK(a.f == b.f);
      CHECK(a.b == b.b);
      CHECK(a.s == b.s);
      CHECK(a.array_length == b.array_length);
      CHECK(a.array.size() == b.array.size());
    }
    REQUIRE(f->tensors.size() == le.tensors.size());
    for (std::size_t k = 0; k < le.tensors.size(); ++k) {
      CHECK(f->tensors[k].name == le.tensors[k].name);
      CHECK(f->tensors[k].dims == le.tensors[k].dims);
      CHECK(f->tensors[k].type == le.tensors[k].type);
      CHECK(f->tensors[k].offset == le.tensors[k].offset);
      CHECK(f->tensors[k].nbytes == le.tensors[k].nbytes);
    }
  }
  for (const GgufFile* f : {&v1, &v2, &le, &be}) check_back_to_back(*f);
}

TEST_CASE("gguf reader: aligned tensor infos get no padding", "[gguf][reader]") {
  GgufFile f = gguf_test::parse_all(gguf_test::read_bytes(gguf_test::data_path("real/format-aligned-infos.gguf")));
  CHECK(f.tensor_info_end == 192);
  CHECK(f.data_offset == 192);  // gguf-parser-go would say 224
}

TEST_CASE("gguf reader: header-only model files match their expected file facts", "[gguf][reader]") {
  const char* expected_files[] = {"models/llama-3.1-70b-instruct-q4_k_m.expected.json",
                                  "models/meta-llama-3-8b-instruct-q5_k_m.expected.json",
                                  "models/deepseek-r1-distill-qwen-7b-q4_k_m.expected.json",
                                  "models/deepseek-r1-distill-qwen-7b-f16.expected.json",
                                  "models/qwen2.5-7b-instruct-q8_0.expected.json",
                                  "models/qwen2.5-72b-instruct-q4_k_m.expected.json",
                                  "real/llama-2-tiny-random.expected.json"};
  for (const char* rel : expected_files) {
    SECTION(rel) {
      Json ex = load_json(rel);
      std::string dir = std::string(rel).substr(0, std::string(rel).find('/') + 1);
      std::uint64_t tensors = 0, params = 0, header = 0, size = 0;
      for (const Json& fe : ex["files"]) {
        std::string file = fe["name"].get<std::string>();
        INFO(file);
        std::vector<std::uint8_t> bytes = gguf_test::read_bytes(gguf_test::data_path(dir + file));
        REQUIRE(bytes.size() == fe["bytes"].get<std::uint64_t>());
        GgufFile f = gguf_test::parse_all(bytes);
        CHECK(f.data_offset == fe["data_offset"].get<std::uint64_t>());
        CHECK(f.tensor_count == fe["tensor_count"].get<std::uint64_t>());
        CHECK(f.kv_count == fe["kv_count"].get<std::uint64_t>());
        CHECK(tensor_data_bytes(f) == fe["tensor_data_bytes"].get<std::uint64_t>());
        CHECK(f.data_offset + tensor_data_bytes(f) == fe["logical_size"].get<std::uint64_t>());
        check_back_to_back(f);
        tensors += f.tensor_count;
        params += parameter_count(f);
        header += f.data_offset;
        size += model_size(f);
      }
      const Json& facts = ex["model_facts"];
      CHECK(tensors == facts["tensor_count"].get<std::uint64_t>());
      CHECK(params == facts["parameters"].get<std::uint64_t>());
      CHECK(header == facts["header_bytes"].get<std::uint64_t>());
      CHECK(size == facts["model_size"].get<std::uint64_t>());
    }
  }
}

TEST_CASE("gguf reader: long tokenizer arrays keep their length and a prefix", "[gguf][reader]") {
  GgufFile f = gguf_test::parse_all(gguf_test::read_bytes(gguf_test::data_path("models/llama-3.1-70b-instruct-q4_k_m.gguf")));
  const MetadataValue* tokens = f.find("tokenizer.ggml.tokens");
  const MetadataValue* merges = f.find("tokenizer.ggml.merges");
  REQUIRE(tokens != nullptr);
  REQUIRE(merges != nullptr);
  CHECK(tokens->array_length == 128256);
  CHECK(merges->array_length == 280147);
  ReadOptions defaults;
  CHECK(tokens->array.size() == defaults.long_array_kept);
  CHECK(tokens->array_truncated());
  CHECK(merges->array.size() == defaults.long_array_kept);
}
