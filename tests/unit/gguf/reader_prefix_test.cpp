// Reading from a prefix (format-and-estimate.md §1.9): a too-short prefix makes the reader ask for
// exactly the bytes it needs next, never beyond the file; the header must end within the read
// limit (64 MiB by default); read_gguf grows its buffer only as far as the header goes.
#include <catch2/catch.hpp>

#include <algorithm>

#include "gguf_test_support.h"

using namespace placement::gguf;

namespace {

// A file of `size` bytes whose first bytes are `head` and the rest zeros (a multi-GB model with
// no data behind its header), counting what is read.
class SparseSource : public ByteSource {
 public:
  SparseSource(std::vector<std::uint8_t> head, std::uint64_t size) : head_(std::move(head)), size_(size) {}
  std::uint64_t size() const override { return size_; }
  void read(std::uint64_t offset, std::uint8_t* dst, std::size_t n) override {
    REQUIRE(offset + n <= size_);
    for (std::size_t k = 0; k < n; ++k) dst[k] = offset + k < head_.size() ? head_[offset + k] : 0;
    highest = std::max(highest, offset + n);
    ++reads;
  }
  std::uint64_t highest = 0;
  int reads = 0;

 private:
  std::vector<std::uint8_t> head_;
  std::uint64_t size_;
};

constexpr std::uint64_t kTinyHeaderEnd = 724398;  // llama-2-tiny-random: end of its tensor infos

}  // namespace

TEST_CASE("gguf prefix: the next bytes needed are exact", "[gguf][reader][prefix]") {
  std::vector<std::uint8_t> tiny = gguf_test::read_bytes(gguf_test::data_path("real/llama-2-tiny-random.gguf"));
  std::vector<std::uint8_t> v1 = gguf_test::read_bytes(gguf_test::data_path("real/format-v1.gguf"));
  struct Row {
    const std::vector<std::uint8_t>* file;
    std::size_t have;
    std::uint64_t needed;
    const char* why;
  };
  const Row rows[] = {
      {&tiny, 0, 4, "the magic"},
      {&tiny, 3, 4, "the magic, partly there"},
      {&tiny, 4, 8, "the version"},
      {&tiny, 8, 16, "the u64 tensor count"},
      {&tiny, 16, 24, "the u64 kv count"},
      {&tiny, 24, 32, "the first key's length"},
      {&tiny, kTinyHeaderEnd - 1, kTinyHeaderEnd, "the last tensor offset ends the header"},
      {&v1, 8, 12, "v1: a u32 tensor count"},
      {&v1, 12, 16, "v1: a u32 kv count"},
      {&v1, 4697, 4698, "v1: the last byte of the metadata"},
      {&v1, 5683, 5684, "v1: the last tensor info"},
  };
  for (const Row& r : rows) {
    INFO(r.why);
    PrefixResult res = read_gguf_prefix(r.file->data(), r.have, r.file->size());
    CHECK_FALSE(res.complete);
    CHECK(res.bytes_needed == r.needed);
  }
  // The end of the tensor infos is enough, tensor data and padding are not needed.
  PrefixResult done = read_gguf_prefix(tiny.data(), kTinyHeaderEnd, tiny.size());
  REQUIRE(done.complete);
  CHECK(done.file.data_offset == 724416);
  CHECK(done.file.tensor_info_end == kTinyHeaderEnd);
  CHECK(done.file.file_size == tiny.size());
}

TEST_CASE("gguf prefix: feeding what is asked for converges on the header", "[gguf][reader][prefix]") {
  for (const char* rel : {"real/llama-2-tiny-random.gguf", "real/format-v3-be.gguf", "real/format-v1.gguf",
                          "models/qwen2.5-7b-instruct-q8_0-00002-of-00003.gguf"}) {
    INFO(rel);
    std::vector<std::uint8_t> bytes = gguf_test::read_bytes(gguf_test::data_path(rel));
    GgufFile whole = gguf_test::parse_all(bytes);
    std::size_t have = 0;
    int rounds = 0;
    for (;;) {
      PrefixResult r = read_gguf_prefix(bytes.data(), have, bytes.size());
      if (r.complete) {
        CHECK(r.file.tensors.size() == whole.tensors.size());
        CHECK(r.file.metadata.size() == whole.metadata.size());
        CHECK(r.file.data_offset == whole.data_offset);
        break;
      }
      REQUIRE(r.bytes_needed > have);
      REQUIRE(r.bytes_needed <= whole.tensor_info_end);
      have = static_cast<std::size_t>(r.bytes_needed);
      REQUIRE(++rounds < 100000);
    }
    CHECK(have == whole.tensor_info_end);
  }
}

TEST_CASE("gguf prefix: a prefix longer than the stated file size is clipped to it", "[gguf][reader][prefix]") {
  std::vector<std::uint8_t> bytes = gguf_test::read_bytes(gguf_test::data_path("malformed/truncated-header.gguf"));
  bytes.resize(bytes.size() + 4096, 0xff);  // garbage after the stated end must not be read
  CHECK_THROWS_AS(read_gguf_prefix(bytes.data(), bytes.size(), 900), GgufError);
}

TEST_CASE("gguf prefix: next_prefix_size doubles, covers the need, stays in the file", "[gguf][reader][prefix]") {
  struct Row {
    std::uint64_t have, needed, file_size, expected;
  };
  const Row rows[] = {
      {8 << 20, (8 << 20) + 1, 1ull << 34, 16 << 20},   // doubling
      {8 << 20, 40 << 20, 1ull << 34, 40 << 20},        // a long string: straight to the need
      {8 << 20, (8 << 20) + 1, 10 << 20, 10 << 20},     // never past the file
      {0, 4, 100, 4},
  };
  for (const Row& r : rows) CHECK(next_prefix_size(r.have, r.needed, r.file_size) == r.expected);
}

TEST_CASE("gguf prefix: read_gguf reads the first 8 MiB of a large file only", "[gguf][reader][prefix]") {
  std::vector<std::uint8_t> tiny = gguf_test::read_bytes(gguf_test::data_path("real/llama-2-tiny-random.gguf"));
  tiny.resize(kTinyHeaderEnd);
  SparseSource source(tiny, std::uint64_t{40} << 30);  // a "40 GiB" file
  GgufFile f = read_gguf(source);
  CHECK(f.tensor_count == 12);
  CHECK(f.file_size == std::uint64_t{40} << 30);
  CHECK(source.highest == kDefaultFirstRead);
  CHECK(source.reads == 1);
}

TEST_CASE("gguf prefix: read_gguf grows past 8 MiB for a long header", "[gguf][reader][prefix]") {
  // One KV holding a 20 MiB string, then one tensor.
  const std::uint64_t big = std::uint64_t{20} << 20;
  gguf_test::Writer w;
  w.header(1, 1).str("general.chat_template").u32(8).str(std::string(big, 'x'));
  w.tensor("t", {32}, 0, 0);
  std::uint64_t header_end = w.bytes.size();
  SparseSource source(w.bytes, std::uint64_t{1} << 32);
  GgufFile f = read_gguf(source);
  CHECK(f.tensor_info_end == header_end);
  CHECK(f.metadata[0].value.s.size() == big);
  CHECK(source.highest >= header_end);
  CHECK(source.highest <= 2 * header_end);
  CHECK(source.reads <= 3);
}

TEST_CASE("gguf prefix: the header must end within the read limit", "[gguf][reader][prefix][limit]") {
  SECTION("a 70 MiB string in a 1 GiB file: an error, without reading or allocating it") {
    gguf_test::Writer w;
    w.header(0, 1).str("general.huge").u32(8).u64(std::uint64_t{70} << 20);
    SparseSource source(w.bytes, std::uint64_t{1} << 30);
    try {
      read_gguf(source);
      FAIL("accepted a header beyond the limit");
    } catch (const GgufError& e) {
      CHECK(e.offset() == w.bytes.size());  // where the string's bytes would start
      CHECK(e.field() == "KV 1/1 'general.huge' string");
      CHECK(e.detail().find("64 MiB read limit") != std::string::npos);
    }
    CHECK(source.highest <= kDefaultMaxHeaderBytes);
  }
  SECTION("the same error from a short prefix: the limit is checked before asking for more") {
    gguf_test::Writer w;
    w.header(0, 1).str("general.huge").u32(8).u64(std::uint64_t{70} << 20);
    CHECK_THROWS_WITH(read_gguf_prefix(w.bytes.data(), w.bytes.size(), std::uint64_t{1} << 30),
                      Catch::Contains("64 MiB read limit"));
  }
  SECTION("a need of up to the limit is asked for") {
    gguf_test::Writer w;
    std::uint64_t len = kDefaultMaxHeaderBytes - 64;
    w.header(0, 1).str("general.huge").u32(8).u64(len);
    PrefixResult r = read_gguf_prefix(w.bytes.data(), w.bytes.size(), std::uint64_t{1} << 30);
    CHECK_FALSE(r.complete);
    CHECK(r.bytes_needed == w.bytes.size() + len);
    CHECK(r.bytes_needed <= kDefaultMaxHeaderBytes);
  }
  SECTION("a smaller limit: a header ending exactly at it passes, one byte less fails") {
    std::vector<std::uint8_t> tiny = gguf_test::read_bytes(gguf_test::data_path("real/llama-2-tiny-random.gguf"));
    ReadOptions at_end;
    at_end.max_header_bytes = kTinyHeaderEnd;
    CHECK(gguf_test::parse_all(tiny, at_end).tensor_count == 12);
    ReadOptions short_by_one;
    short_by_one.max_header_bytes = kTinyHeaderEnd - 1;
    try {
      gguf_test::parse_all(tiny, short_by_one);
      FAIL("accepted a header beyond the limit");
    } catch (const GgufError& e) {
      CHECK(e.offset() == kTinyHeaderEnd - 8);
      CHECK(e.field() == "tensor 12/12 'output.weight' offset");
      CHECK(e.detail().find("724397-byte read limit") != std::string::npos);
    }
  }
  SECTION("counts that cannot fit in the file are rejected before any allocation") {
    gguf_test::Writer w;
    w.header(std::uint64_t{1} << 60, 0);
    try {
      read_gguf_prefix(w.bytes.data(), w.bytes.size(), std::uint64_t{1} << 40);
      FAIL("accepted 2^60 tensors");
    } catch (const GgufError& e) {
      CHECK(e.offset() == 8);
      CHECK(e.field() == "header tensor_count");
    }
  }
}
