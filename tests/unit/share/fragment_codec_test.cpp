// The URL fragment codec: round trips, interoperability with zlib's raw DEFLATE (the format the
// browser's CompressionStream('deflate-raw') speaks), and every way a hostile link is refused.
#include <zlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <string>

#include "share/base64url.h"
#include "share/deflate.h"
#include "share/fragment_codec.h"
#include "share/inflate.h"
#include "test_files.h"

using namespace placement::share;
using placement::testing::read_file;

namespace {

std::string zlib_inflate_raw(const std::string& in) {
  z_stream z{};
  REQUIRE(inflateInit2(&z, -15) == Z_OK);
  std::string out;
  char buf[65536];
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    REQUIRE((rc == Z_OK || rc == Z_STREAM_END));
    out.append(buf, sizeof buf - z.avail_out);
  }
  inflateEnd(&z);
  return out;
}

std::string zlib_deflate_raw(const std::string& in, int level) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, static_cast<uLong>(in.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::vector<std::string> sample_texts() {
  std::vector<std::string> texts = {"", "a", "ab", "abc", std::string(100000, 'x'), "{\"workers\":[]}"};
  std::mt19937 rng(7);
  std::string random_bytes(70000, '\0');
  for (char& c : random_bytes) c = static_cast<char>(rng() & 0xff);
  texts.push_back(random_bytes);
  std::string low_entropy;
  for (int i = 0; i < 50000; ++i) low_entropy += "abcd"[rng() % 4];
  texts.push_back(low_entropy);
  for (const auto& e : std::filesystem::directory_iterator(std::string(PE_SOURCE_DIR) + "/examples/scenarios"))
    texts.push_back(read_file(e.path()));
  return texts;
}

}  // namespace

TEST_CASE("base64url round trip and alphabet", "[share]") {
  struct Row {
    std::string bytes, text;
  };
  const std::vector<Row> rows = {{"", ""}, {"f", "Zg"}, {"fo", "Zm8"}, {"foo", "Zm9v"}, {"\xfb\xff", "-_8"}};
  for (const Row& r : rows) {
    CHECK(base64url_encode(r.bytes) == r.text);
    CHECK(base64url_decode(r.text) == r.bytes);
  }
  CHECK(base64url_decode("Zm8=") == "fo");
  CHECK_THROWS_WITH(base64url_decode("Zm+v"), Catch::Contains("'+' at character 2"));
  CHECK_THROWS_WITH(base64url_decode("Zm9vZ"), Catch::Contains("cut short"));
}

TEST_CASE("deflate output is standard raw DEFLATE and inflates back", "[share]") {
  for (const std::string& text : sample_texts()) {
    const std::string packed = deflate_raw(text);
    CHECK(zlib_inflate_raw(packed) == text);
    CHECK(inflate_raw(packed, kMaxInflatedBytes) == text);
  }
}

TEST_CASE("inflate reads zlib's stored, fixed and dynamic blocks", "[share]") {
  for (const std::string& text : sample_texts()) {
    for (int level : {0, 1, 6, 9}) CHECK(inflate_raw(zlib_deflate_raw(text, level), kMaxInflatedBytes) == text);
  }
}

TEST_CASE("scenario links compress and round trip", "[share]") {
  const std::string scenario = read_file(std::string(PE_SOURCE_DIR) + "/examples/scenarios/binpack-vs-spread.json");
  const std::string link = encode_fragment(scenario);
  CHECK(link.rfind("v1.", 0) == 0);
  CHECK(link.size() < scenario.size());
  CHECK(decode_fragment(link) == scenario);
  CHECK(decode_fragment("#" + link) == scenario);
}

TEST_CASE("hostile links are refused with a clear message", "[share]") {
  const std::string good = encode_fragment(std::string(5000, 'z') + "{\"workers\":[]}");
  struct Row {
    std::string name, fragment, message;
  };
  std::string flipped = good;
  flipped[10] = flipped[10] == 'A' ? 'B' : 'A';
  const std::vector<Row> rows = {
      {"empty", "#", "nothing after '#'"},
      {"no version", "eJzLSM3JyQcABiwCFQ", "should start with '#v1.'"},
      {"future version", "v2.abc", "format 'v2'"},
      {"bad character", "v1.ab$d", "'$' at character 2"},
      {"truncated", good.substr(0, good.size() - 8), "ends in the middle of a block"},
      {"trailing bytes", good + "AAAA", "unexpected bytes after the end"},
      {"reserved block type", "v1." + base64url_encode(std::string("\x07", 1)), "reserved type 3"},
      {"stored length mismatch", "v1." + base64url_encode(std::string("\x01\x05\x00\x00\x00", 5)), "complement"},
      {"distance too far", "v1." + base64url_encode(deflate_raw("aaaa").substr(0, 1) + std::string("\xff\xff\xff", 3)),
       "corrupted"},
  };
  for (const Row& r : rows) {
    INFO(r.name);
    CHECK_THROWS_WITH(decode_fragment(r.fragment), Catch::Contains(r.message));
  }
  // Flipping a character either breaks the stream or changes the text; it never crashes.
  try {
    (void)decode_fragment(flipped);
  } catch (const FragmentError&) {
  }
}

TEST_CASE("inflate limit: just under is accepted, just over is refused before materialising", "[share][limits]") {
  const std::size_t cap = kMaxInflatedBytes;
  const std::string under = encode_fragment(std::string(cap, ' '));
  const std::string over = encode_fragment(std::string(cap + 1, ' '));
  CHECK(under.size() * 100 < cap);  // a bomb: a link a hundredth the size of what it expands to
  CHECK(decode_fragment(under).size() == cap);
  CHECK_THROWS_WITH(decode_fragment(over), Catch::Contains("beyond the 16 MiB limit"));
}

TEST_CASE("fragment length limit: just under and just over", "[share][limits]") {
  // Text of the maximum length that is not valid data fails on content, not on length.
  std::string at_limit = "v1." + std::string(kMaxFragmentChars - 3, 'A');
  CHECK_THROWS_WITH(decode_fragment(at_limit), !Catch::Contains("characters long"));
  CHECK_THROWS_WITH(decode_fragment(at_limit + "A"), Catch::Contains("characters long"));
}
