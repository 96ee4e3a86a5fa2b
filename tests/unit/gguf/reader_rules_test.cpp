// One row per format rule of format-and-estimate.md §1 (versions, byte order, value types, arrays,
// tensor infos, ggml types, alignment, validation §1.10), each on a file built byte by byte.
#include <catch2/catch.hpp>

#include <functional>

#include "gguf/ggml_types.h"
#include "gguf_test_support.h"

using namespace placement::gguf;
using gguf_test::Writer;

namespace {

struct Rejection {
  const char* rule;
  std::function<void(Writer&)> build;  // writes a whole file
  std::uint32_t version;
  std::uint64_t offset;
  const char* field;
  const char* detail;
};

GgufError error_of(const std::vector<std::uint8_t>& bytes) {
  try {
    gguf_test::parse_all(bytes);
  } catch (const GgufError& e) {
    return e;
  }
  FAIL("accepted");
  throw;
}

// A file holding one tensor info and nothing else.
void one_tensor(Writer& w, std::vector<std::uint64_t> dims, std::uint32_t type, std::uint64_t offset = 0) {
  w.header(1, 0).tensor("t", dims, type, offset);
}

}  // namespace

TEST_CASE("gguf rules: malformed headers are rejected at the right byte", "[gguf][reader][rules]") {
  const std::uint64_t kv1_value = 24 + 8 + 3 + 4;  // after header, key length, "key", value type
  const std::uint64_t t1_ndims = 24 + 8 + 1;        // after header, name length, "t"
  const Rejection rows[] = {
      {"empty file: the magic is truncated", [](Writer&) {}, 3, 0, "header magic", "truncated: the file ends at byte 0"},
      {"version 0", [](Writer& w) { w.raw("GGUF").u32(0).u64(0).u64(0); }, 3, 4, "header version", "unsupported GGUF version 0"},
      {"version 4", [](Writer& w) { w.raw("GGUF").u32(4).u64(0).u64(0); }, 3, 4, "header version", "unsupported GGUF version 4"},
      {"big-endian version 4", [](Writer& w) { w.raw("GGUF").u32(0x04000000).u64(0).u64(0); }, 3, 4, "header version",
       "unsupported GGUF version 4"},
      {"kv_count beyond the file", [](Writer& w) { w.header(0, 1000); }, 3, 16, "header kv_count", "metadata count 1000 needs at least 13000 bytes"},
      {"v1 kv_count beyond the file (9-byte minimum records)", [](Writer& w) { w.header(0, 10); }, 1, 12, "header kv_count",
       "needs at least 90 bytes"},
      {"key length beyond the file", [](Writer& w) { w.header(0, 1).u64(100).raw("12345678"); }, 3, 24, "KV 1/1 key length",
       "declares a string length of 100 bytes, beyond the 8 bytes left in the file (it ends at byte 40)"},
      {"value type 13", [](Writer& w) { w.header(0, 1).str("key").u32(13).u8(0); }, 3, 24 + 8 + 3, "KV 1/1 'key' value type",
       "value type 13; valid metadata value types are 0..12"},
      {"value type 2^32-1", [](Writer& w) { w.header(0, 1).str("key").u32(0xffffffff).u8(0); }, 3, 35, "KV 1/1 'key' value type",
       "value type 4294967295"},
      {"array element type 13", [](Writer& w) { w.header(0, 1).str("key").u32(9).u32(13).u64(0); }, 3, kv1_value,
       "KV 1/1 'key' array element type", "array element type 13"},
      {"array count times size overflows", [](Writer& w) { w.header(0, 1).str("key").u32(9).u32(12).u64((1ull << 61) + 1).u64(0); }, 3,
       kv1_value + 4, "KV 1/1 'key' array length", "overflows 64 bits"},
      {"string array count beyond the file (8 bytes per string)", [](Writer& w) { w.header(0, 1).str("key").u32(9).u32(8).u64(3).u64(0); },
       3, kv1_value + 4, "KV 1/1 'key' array length", "needs at least 24 bytes (8 per element)"},
      {"string element length beyond the file",
       [](Writer& w) { w.header(0, 1).str("key").u32(9).u32(8).u64(2).str("a").u64(1ull << 63).u64(0); }, 3, kv1_value + 12 + 9,
       "KV 1/1 'key' element 1 string length", "declares a string length of 9223372036854775808"},
      {"truncated inside a fixed-size array", [](Writer& w) { w.header(0, 1).str("key").u32(9).u32(4).u64(3).u32(1).u32(2); }, 3,
       kv1_value + 4, "KV 1/1 'key' array length", "needs at least 12 bytes (4 per element)"},
      {"truncated scalar", [](Writer& w) { w.header(0, 1).str("key").u32(10).u32(1); }, 3, kv1_value, "KV 1/1 'key' value",
       "truncated: the file ends at byte 43"},
      {"arrays nested 9 deep",
       [](Writer& w) {
         w.header(0, 1).str("key").u32(9);
         for (int d = 0; d < 9; ++d) w.u32(9).u64(1);
         w.u32(4).u64(0);
       },
       3, kv1_value + 7 * 12, "KV 1/1 'key' element 0.0.0.0.0.0.0 array element type", "nested more than 8 deep"},
      {"general.alignment as UINT64", [](Writer& w) { w.header(0, 1).str("general.alignment").u32(10).u64(32); }, 3,
       24 + 8 + 17 + 4, "KV 1/1 'general.alignment' value", "must be a UINT32, not UINT64"},
      {"general.alignment 0", [](Writer& w) { w.header(0, 1).kv_u32("general.alignment", 0); }, 3, 53,
       "KV 1/1 'general.alignment' value", "not a non-zero power of two"},
      {"general.alignment 48", [](Writer& w) { w.header(0, 1).kv_u32("general.alignment", 48); }, 3, 53,
       "KV 1/1 'general.alignment' value", "48 is not a non-zero power of two"},
      {"duplicate key", [](Writer& w) { w.header(0, 3).kv_u32("a", 1).kv_u32("b", 2).kv_u32("a", 3); }, 3, 24 + 2 * 17,
       "KV 3/3 'a' key", "duplicate key"},
      {"n_dims 0", [](Writer& w) { w.header(1, 0).str("t").u32(0).u32(0).u64(0).u64(0); }, 3, t1_ndims, "tensor 1/1 't' n_dims", "has n_dims 0"},
      {"n_dims 5", [](Writer& w) { one_tensor(w, {32, 1, 1, 1, 1}, 0); }, 3, t1_ndims, "tensor 1/1 't' n_dims", "has n_dims 5"},
      {"dimension beyond INT64_MAX", [](Writer& w) { one_tensor(w, {32, 1ull << 63}, 0); }, 3, t1_ndims + 12,
       "tensor 1/1 't' dimension", "dimension 1 is 9223372036854775808, beyond INT64_MAX"},
      {"element count overflow", [](Writer& w) { one_tensor(w, {1ull << 32, 1ull << 32}, 0); }, 3, t1_ndims + 12,
       "tensor 1/1 't' dimension", "element count overflows"},
      {"byte size overflow", [](Writer& w) { one_tensor(w, {1ull << 62, 1}, 0); }, 3, t1_ndims + 20, "tensor 1/1 't' type",
       "byte size overflows"},
      {"removed type Q4_2", [](Writer& w) { one_tensor(w, {32}, 4); }, 3, t1_ndims + 12, "tensor 1/1 't' type", "ggml type 4 was removed"},
      {"removed type Q4_3", [](Writer& w) { one_tensor(w, {32}, 5); }, 3, t1_ndims + 12, "tensor 1/1 't' type", "ggml type 5 was removed"},
      {"unknown type 43", [](Writer& w) { one_tensor(w, {32}, 43); }, 3, t1_ndims + 12, "tensor 1/1 't' type", "ggml type 43 is unknown"},
      {"ne[0] not a multiple of the block", [](Writer& w) { one_tensor(w, {100, 2}, 12); }, 3, t1_ndims + 20, "tensor 1/1 't' type",
       "ne[0] = 100 is not a multiple of the Q4_K block size 256"},
      {"offset not aligned", [](Writer& w) { one_tensor(w, {32}, 0, 16); }, 3, t1_ndims + 16, "tensor 1/1 't' offset",
       "offset 16 is not a multiple of the alignment 32"},
      {"offset plus size overflows", [](Writer& w) { one_tensor(w, {32}, 0, 0xffffffffffffffe0ull); }, 3, t1_ndims + 16,
       "tensor 1/1 't' offset", "overflows"},
      {"duplicate tensor name", [](Writer& w) { w.header(2, 0).tensor("t", {8}, 0, 0).tensor("t", {8}, 0, 32); }, 3, 24 + 33,
       "tensor 2/2 't' name", "duplicate tensor name"},
      {"truncated tensor infos", [](Writer& w) { w.header(2, 0).tensor("t", {8}, 0, 0).str("u").u32(4).u64(8).u64(1).u64(1).u64(1); }, 3, 24 + 33 + 45,
       "tensor 2/2 'u' type", "truncated"},
      {"v1 tensor count beyond the file (24-byte minimum)", [](Writer& w) { w.header(2, 0).tensor("t", {8}, 0, 0); }, 1, 8,
       "header tensor_count", "needs at least 48 bytes (24 per record)"},
  };
  for (const Rejection& r : rows) {
    SECTION(r.rule) {
      Writer w(r.version);
      r.build(w);
      GgufError e = error_of(w.bytes);
      INFO(e.what());
      CHECK(e.offset() == r.offset);
      CHECK(e.field() == r.field);
      CHECK(e.detail().find(r.detail) != std::string::npos);
    }
  }
}

TEST_CASE("gguf rules: every value type reads in both byte orders and every version", "[gguf][reader][rules]") {
  struct Encoding {
    std::uint32_t version;
    bool big_endian;
  };
  for (Encoding enc : {Encoding{1, false}, Encoding{2, false}, Encoding{3, false}, Encoding{3, true}, Encoding{2, true}}) {
    SECTION("v" + std::to_string(enc.version) + (enc.big_endian ? " big-endian" : " little-endian")) {
      Writer w(enc.version, enc.big_endian);
      w.header(1, 16);
      w.str("u8").u32(0).u8(200);
      w.str("i8").u32(1).u8(0x80);
      w.str("u16").u32(2).u16(0xfffe);
      w.str("i16").u32(3).u16(0x8001);
      w.str("u32").u32(4).u32(0xfffffffe);
      w.str("i32").u32(5).u32(0x80000001);
      w.str("f32").u32(6).f32(1.5f);
      w.str("bool").u32(7).u8(1);
      w.str("bool2").u32(7).u8(2);  // any non-zero byte is true
      w.str("str").u32(8).str("hello");
      w.str("u64").u32(10).u64(0xfffffffffffffffeull);
      w.str("i64").u32(11).u64(0x8000000000000001ull);
      w.str("f64").u32(12).f64(-2.25);
      w.str("arr_str").u32(9).u32(8).len(2).str("a").str("bc");
      w.str("arr_arr").u32(9).u32(9).len(2).u32(4).len(1).u32(7).u32(6).len(2).f32(0.5f).f32(-1.0f);
      w.str("general.alignment").u32(4).u32(64);
      w.tensor("blk.0.w", {256, 3}, 12, 0);
      std::uint64_t end = w.bytes.size();
      GgufFile f = gguf_test::parse_all(w.bytes);
      CHECK(f.version == enc.version);
      CHECK(f.big_endian == enc.big_endian);
      CHECK(f.find("u8")->u == 200);
      CHECK(f.find("i8")->i == -128);
      CHECK(f.find("u16")->u == 0xfffe);
      CHECK(f.find("i16")->i == -32767);
      CHECK(f.find("u32")->u == 0xfffffffe);
      CHECK(f.find("i32")->i == -2147483647);
      CHECK(f.find("f32")->f == 1.5);
      CHECK(f.find("bool")->b);
      CHECK(f.find("bool2")->b);
      CHECK(f.find("str")->s == "hello");
      CHECK(f.find("u64")->u == 0xfffffffffffffffeull);
      CHECK(f.find("i64")->i == -9223372036854775807LL);
      CHECK(f.find("f64")->f == -2.25);
      const MetadataValue* as = f.find("arr_str");
      CHECK(as->array_type == ValueType::string);
      REQUIRE(as->array.size() == 2);
      CHECK(as->array[1].s == "bc");
      const MetadataValue* aa = f.find("arr_arr");
      REQUIRE(aa->array.size() == 2);
      CHECK(aa->array[0].array_type == ValueType::uint32);
      CHECK(aa->array[0].array[0].u == 7);
      CHECK(aa->array[1].array_length == 2);
      CHECK(aa->array[1].array[1].f == -1.0);
      CHECK(f.alignment == 64);
      REQUIRE(f.tensors.size() == 1);
      CHECK(f.tensors[0].dims == std::vector<std::uint64_t>{256, 3});
      CHECK(f.tensors[0].nbytes == 3 * 144);
      CHECK(f.tensor_info_end == end);
      CHECK(f.data_offset == (end + 63) / 64 * 64);
    }
  }
}

TEST_CASE("gguf rules: what is accepted", "[gguf][reader][rules]") {
  SECTION("no tensors: the file may end right after its metadata") {
    Writer w;
    w.header(0, 1).kv_str("general.architecture", "llama");
    GgufFile f = gguf_test::parse_all(w.bytes);
    CHECK(f.tensors.empty());
    CHECK(f.tensor_info_end == w.bytes.size());
    CHECK(f.data_offset == (w.bytes.size() + 31) / 32 * 32);
  }
  SECTION("an empty tensor (a zero dimension)") {
    Writer w;
    one_tensor(w, {0, 4}, 0);
    GgufFile f = gguf_test::parse_all(w.bytes);
    CHECK(f.tensors[0].nbytes == 0);
    CHECK(tensor_elements(f.tensors[0]) == 0);
  }
  SECTION("legacy types sized like Q4_0 / IQ4_NL, and the newest types") {
    struct Row {
      std::uint32_t type;
      std::uint64_t ne0;
      std::uint64_t bytes;
    };
    for (Row r : {Row{31, 64, 36}, Row{33, 32, 18}, Row{36, 64, 36}, Row{38, 32, 18}, Row{39, 64, 34}, Row{40, 128, 72},
                  Row{41, 256, 36}, Row{42, 64, 18}, Row{30, 3, 6}, Row{28, 2, 16}, Row{15, 256, 292}}) {
      INFO("type " << r.type);
      Writer w;
      one_tensor(w, {r.ne0}, r.type);
      CHECK(gguf_test::parse_all(w.bytes).tensors[0].nbytes == r.bytes);
    }
  }
  SECTION("tensor data absent: a header-only file is fine") {
    Writer w;
    one_tensor(w, {4096, 4096}, 1, 0);
    GgufFile f = gguf_test::parse_all(w.bytes);
    CHECK(f.tensors[0].nbytes == 4096ull * 4096 * 2);
    CHECK(model_size(f) == 4096ull * 4096 * 2);  // the data the full file holds
  }
}

TEST_CASE("gguf rules: record counts above the reader's bounds are refused", "[gguf][reader][rules]") {
  Writer w;
  w.header(3, 3).kv_u32("a", 1).kv_u32("b", 2).kv_u32("c", 3);
  for (const char* name : {"x", "y", "z"}) w.tensor(name, {8}, 0, 0);
  ReadOptions kv_bound;
  kv_bound.max_kv_count = 2;
  try {
    gguf_test::parse_all(w.bytes, kv_bound);
    FAIL("accepted 3 KVs with a bound of 2");
  } catch (const GgufError& e) {
    CHECK(e.offset() == 16);
    CHECK(e.field() == "header kv_count");
    CHECK(e.detail() == "metadata count 3 is above the reader's bound of 2");
  }
  ReadOptions tensor_bound;
  tensor_bound.max_tensor_count = 2;
  CHECK_THROWS_WITH(gguf_test::parse_all(w.bytes, tensor_bound), "byte 8 (header tensor_count): tensor count 3 is above the reader's bound of 2");
  ReadOptions exact;
  exact.max_kv_count = 3;
  exact.max_tensor_count = 3;
  CHECK(gguf_test::parse_all(w.bytes, exact).tensors.size() == 3);
}

TEST_CASE("gguf rules: long arrays keep a prefix and their length", "[gguf][reader][rules]") {
  SECTION("the default limits") {
    Writer w;
    w.header(0, 4);
    w.str("short").u32(9).u32(0).u64(1024);
    for (int k = 0; k < 1024; ++k) w.u8(static_cast<std::uint8_t>(k));
    w.str("long").u32(9).u32(5).u64(5000);
    for (int k = 0; k < 5000; ++k) w.u32(static_cast<std::uint32_t>(k));
    w.str("tokens").u32(9).u32(8).u64(3000);
    for (int k = 0; k < 3000; ++k) w.str("tok" + std::to_string(k));
    w.kv_u32("after", 42);  // the skipped elements must be walked exactly
    GgufFile f = gguf_test::parse_all(w.bytes);
    CHECK(f.find("short")->array.size() == 1024);
    CHECK_FALSE(f.find("short")->array_truncated());
    const MetadataValue* lng = f.find("long");
    CHECK(lng->array_length == 5000);
    REQUIRE(lng->array.size() == 16);
    CHECK(lng->array[15].i == 15);
    CHECK(lng->array_truncated());
    const MetadataValue* tok = f.find("tokens");
    CHECK(tok->array_length == 3000);
    REQUIRE(tok->array.size() == 16);
    CHECK(tok->array[2].s == "tok2");
    CHECK(f.find("after")->u == 42);
  }
  SECTION("a file-wide budget of kept elements") {
    Writer w;
    w.header(0, 2);
    for (const char* key : {"a", "b"}) {
      w.str(key).u32(9).u32(4).u64(8);
      for (int k = 0; k < 8; ++k) w.u32(static_cast<std::uint32_t>(k));
    }
    ReadOptions o;
    o.max_kept_array_elements = 10;
    GgufFile f = gguf_test::parse_all(w.bytes, o);
    CHECK(f.find("a")->array.size() == 8);
    CHECK(f.find("b")->array.size() == 2);
    CHECK(f.find("b")->array_length == 8);
  }
}

TEST_CASE("gguf rules: ggml type table", "[gguf][reader][rules]") {
  struct Row {
    std::uint32_t id;
    const char* name;
    std::uint32_t block, bytes;
  };
  const Row rows[] = {{0, "F32", 1, 4},        {1, "F16", 1, 2},      {2, "Q4_0", 32, 18},    {3, "Q4_1", 32, 20},
                      {6, "Q5_0", 32, 22},     {7, "Q5_1", 32, 24},   {8, "Q8_0", 32, 34},    {9, "Q8_1", 32, 36},
                      {10, "Q2_K", 256, 84},   {11, "Q3_K", 256, 110}, {12, "Q4_K", 256, 144}, {13, "Q5_K", 256, 176},
                      {14, "Q6_K", 256, 210},  {15, "Q8_K", 256, 292}, {16, "IQ2_XXS", 256, 66}, {17, "IQ2_XS", 256, 74},
                      {18, "IQ3_XXS", 256, 98}, {19, "IQ1_S", 256, 50}, {20, "IQ4_NL", 32, 18}, {21, "IQ3_S", 256, 110},
                      {22, "IQ2_S", 256, 82},  {23, "IQ4_XS", 256, 136}, {24, "I8", 1, 1},    {25, "I16", 1, 2},
                      {26, "I32", 1, 4},       {27, "I64", 1, 8},     {28, "F64", 1, 8},      {29, "IQ1_M", 256, 56},
                      {30, "BF16", 1, 2},      {31, "Q4_0_4_4", 32, 18}, {32, "Q4_0_4_8", 32, 18}, {33, "Q4_0_8_8", 32, 18},
                      {34, "TQ1_0", 256, 54},  {35, "TQ2_0", 256, 66}, {36, "IQ4_NL_4_4", 32, 18}, {37, "IQ4_NL_4_8", 32, 18},
                      {38, "IQ4_NL_8_8", 32, 18}, {39, "MXFP4", 32, 17}, {40, "NVFP4", 64, 36}, {41, "Q1_0", 128, 18},
                      {42, "Q2_0", 64, 18}};
  for (const Row& r : rows) {
    INFO(r.name);
    const GgmlType* t = ggml_type(r.id);
    REQUIRE(t != nullptr);
    CHECK(std::string(t->name) == r.name);
    CHECK(t->block_size == r.block);
    CHECK(t->bytes_per_block == r.bytes);
  }
  for (std::uint32_t bad : {4u, 5u, 43u, 1000u}) CHECK(ggml_type(bad) == nullptr);
  CHECK(ggml_tensor_bytes(12, 255, 1) == std::nullopt);
  CHECK(ggml_tensor_bytes(0, 1ull << 62, 8) == std::nullopt);
  CHECK(std::string(ggml_file_type_name(15)) == "Q4_K_M");
  CHECK(std::string(ggml_file_type_name(38)) == "MXFP4_MOE");
  CHECK(ggml_file_type_name(4) == nullptr);
  CHECK(ggml_file_type_name(39) == nullptr);
}
