// Every file in tests/data/gguf/malformed/ is rejected with the error its .txt states: the byte
// offset of the bad field, the record (KV / tensor number as the .txt counts them, from 1, and its
// key or name) and the reason.
#include <catch2/catch.hpp>

#include <regex>

#include "gguf_test_support.h"

using namespace placement::gguf;

namespace {

struct MalformedCase {
  const char* file;
  std::uint64_t offset;  // where the bad field starts
  const char* field;     // GgufError::field()
  const char* detail;    // a part of GgufError::detail()
};

// Offsets from the layout of valid-reference.gguf (KV 1 at byte 24; each record is
// key length + key + type + value).
const MalformedCase kCases[] = {
    {"bad-magic", 0, "header magic", "47 47 55 58 ('GGUX')"},
    {"truncated-header", 301, "KV 7/7 'tokenizer.ggml.tokens' array length", "but the file ends at byte 900"},
    {"string-length-2p63", 93, "KV 2/6 'general.name' string length", "string length of 9223372036854775808 bytes"},
    {"array-length-overflow", 293, "KV 7/7 'test.overflow' array length",
     "an ARRAY of UINT64 with count 2305843009213693953 x 8 bytes overflows 64 bits"},
    {"n-dims-9", 345, "tensor 2/2 'blk.0.attn_q.weight' n_dims", "has n_dims 9; GGUF allows 1..4 dimensions"},
    {"unknown-value-type", 140, "KV 3/6 'llama.block_count' value type", "value type 13; valid metadata value types are 0..12"},
};

std::string read_text(const std::string& path) {
  std::vector<std::uint8_t> b = gguf_test::read_bytes(path);
  return std::string(b.begin(), b.end());
}

GgufError parse_error(const std::vector<std::uint8_t>& bytes) {
  try {
    gguf_test::parse_all(bytes);
  } catch (const GgufError& e) {
    return e;
  }
  FAIL("the reader accepted a malformed file");
  throw;  // unreachable
}

}  // namespace

TEST_CASE("gguf reader: malformed files are rejected with the expected error", "[gguf][reader][malformed]") {
  for (const MalformedCase& c : kCases) {
    SECTION(c.file) {
      std::vector<std::uint8_t> bytes = gguf_test::read_bytes(gguf_test::data_path(std::string("malformed/") + c.file + ".gguf"));
      REQUIRE(!bytes.empty());
      GgufError e = parse_error(bytes);
      INFO(e.what());
      CHECK(e.offset() == c.offset);
      CHECK(e.field() == c.field);
      CHECK(e.detail().find(c.detail) != std::string::npos);

      // The record the .txt names ("KV 7 'test.overflow'", "tensor 2 '...'") is the one reported.
      std::string txt = read_text(gguf_test::data_path(std::string("malformed/") + c.file + ".txt"));
      CHECK(txt.rfind("reject:", 0) == 0);
      std::smatch m;
      if (std::regex_search(txt, m, std::regex("(KV|tensor) ([0-9]+) '([^']+)'"))) {
        CHECK(e.field().find(m[1].str() + " " + m[2].str() + "/") == 0);
        CHECK(e.field().find("'" + m[3].str() + "'") != std::string::npos);
      }
      // Every prefix of the file ends the same way: the reader either asks for more bytes (never
      // beyond the file) or reports the same error.
      for (std::size_t have : {std::size_t{0}, std::size_t{3}, std::size_t{64}, bytes.size() / 2, bytes.size() - 1}) {
        try {
          PrefixResult r = read_gguf_prefix(bytes.data(), have, bytes.size());
          CHECK_FALSE(r.complete);
          CHECK(r.bytes_needed > have);
          CHECK(r.bytes_needed <= bytes.size());
        } catch (const GgufError& pe) {
          CHECK(std::string(pe.what()) == e.what());
        }
      }
    }
  }
}

TEST_CASE("gguf reader: the reported offsets point at the bad bytes", "[gguf][reader][malformed]") {
  std::vector<std::uint8_t> overflow = gguf_test::read_bytes(gguf_test::data_path("malformed/array-length-overflow.gguf"));
  GgufError e = parse_error(overflow);
  std::uint64_t count_at = e.offset();
  REQUIRE(count_at + 8 <= overflow.size());
  std::uint64_t count = 0;
  for (int k = 7; k >= 0; --k) count = count << 8 | overflow[count_at + k];
  CHECK(count == (std::uint64_t{1} << 61) + 1);

  std::vector<std::uint8_t> dims = gguf_test::read_bytes(gguf_test::data_path("malformed/n-dims-9.gguf"));
  GgufError d = parse_error(dims);
  REQUIRE(d.offset() + 4 <= dims.size());
  CHECK(dims[d.offset()] == 9);
  CHECK(dims[d.offset() - 1] == 't');  // right after the name "blk.0.attn_q.weight"
}

TEST_CASE("gguf reader: the valid reference file parses", "[gguf][reader][malformed]") {
  GgufFile f = gguf_test::parse_all(gguf_test::read_bytes(gguf_test::data_path("malformed/valid-reference.gguf")));
  CHECK(f.kv_count == 6);
  CHECK(f.tensor_count == 2);
  CHECK(f.tensors[1].name == "blk.0.attn_q.weight");
}
