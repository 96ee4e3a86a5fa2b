// Helpers for the GGUF reader tests: a byte-level GGUF writer (so each test states the exact
// bytes it feeds the reader, in either byte order and any version) and fixture loading.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gguf/reader.h"

namespace gguf_test {

inline std::string data_path(const std::string& rel) { return std::string(PE_TEST_DATA_DIR) + "/data/gguf/" + rel; }

inline std::vector<std::uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Parses a whole in-memory file; fails the test if the reader asks for more bytes.
inline placement::gguf::GgufFile parse_all(const std::vector<std::uint8_t>& bytes,
                                           const placement::gguf::ReadOptions& options = {}) {
  placement::gguf::PrefixResult r = placement::gguf::read_gguf_prefix(bytes.data(), bytes.size(), bytes.size(), options);
  if (!r.complete) throw std::runtime_error("reader asked for more bytes of a whole file");
  return std::move(r.file);
}

// Writes GGUF fields in a chosen version (1: u32 lengths) and byte order.
class Writer {
 public:
  explicit Writer(std::uint32_t version = 3, bool big_endian = false) : version_(version), big_(big_endian) {}

  Writer& raw(const std::string& s) {
    bytes.insert(bytes.end(), s.begin(), s.end());
    return *this;
  }
  Writer& u8(std::uint8_t v) { return put(v); }
  Writer& u16(std::uint16_t v) { return put(v); }
  Writer& u32(std::uint32_t v) { return put(v); }
  Writer& u64(std::uint64_t v) { return put(v); }
  Writer& f32(float f) {
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    return put(b);
  }
  Writer& f64(double d) {
    std::uint64_t b;
    std::memcpy(&b, &d, 8);
    return put(b);
  }
  // A count or length: u64, u32 in v1.
  Writer& len(std::uint64_t v) { return version_ >= 2 ? u64(v) : u32(static_cast<std::uint32_t>(v)); }
  Writer& str(const std::string& s) {
    len(s.size());
    return raw(s);
  }
  // magic, version, tensor_count, kv_count
  Writer& header(std::uint64_t tensors, std::uint64_t kvs) {
    raw("GGUF");
    u32(version_);
    len(tensors);
    return len(kvs);
  }
  Writer& kv_u32(const std::string& key, std::uint32_t v) { return str(key).u32(4).u32(v); }
  Writer& kv_str(const std::string& key, const std::string& v) { return str(key).u32(8).str(v); }
  // A tensor info record.
  Writer& tensor(const std::string& name, const std::vector<std::uint64_t>& dims, std::uint32_t type,
                 std::uint64_t offset) {
    str(name).u32(static_cast<std::uint32_t>(dims.size()));
    for (std::uint64_t d : dims) len(d);
    return u32(type).u64(offset);
  }
  Writer& pad_to(std::size_t alignment) {
    while (bytes.size() % alignment) bytes.push_back(0);
    return *this;
  }

  std::vector<std::uint8_t> bytes;

 private:
  template <class T>
  Writer& put(T v) {
    for (std::size_t k = 0; k < sizeof(T); ++k) {
      std::size_t shift = 8 * (big_ ? sizeof(T) - 1 - k : k);
      bytes.push_back(static_cast<std::uint8_t>((static_cast<std::uint64_t>(v) >> shift) & 0xff));
    }
    return *this;
  }
  std::uint32_t version_;
  bool big_;
};

}  // namespace gguf_test
