// Bounds-checked reading of GGUF numbers and strings from a prefix of a file. Every read first
// checks the bytes against the file size (truncation), the header read limit (hostile files) and
// the prefix in hand (the caller must read more); it never touches memory outside the prefix.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

namespace placement::gguf {

// Why a read could not be served. The reader adds which record it was reading and turns
// `truncated` / `over_limit` into a GgufError and `need_more` into a request for more bytes.
struct CursorStop {
  enum class Kind { need_more, truncated, over_limit };
  Kind kind;
  std::uint64_t offset;  // where the read starts
  std::uint64_t end;     // offset + bytes the read needs
  const char* field;     // what was being read ("string length", "n_dims", ...)
};

class ByteCursor {
 public:
  // `available` bytes of the file are at `data`; the file has `file_size` bytes in all; no read
  // may end beyond `limit`.
  ByteCursor(const std::uint8_t* data, std::uint64_t available, std::uint64_t file_size, std::uint64_t limit)
      : data_(data), available_(available < file_size ? available : file_size), file_size_(file_size), limit_(limit) {}

  std::uint64_t pos() const { return pos_; }
  std::uint64_t file_size() const { return file_size_; }
  std::uint64_t limit() const { return limit_; }
  // Bytes between here and the end of the file (not of the prefix): what any length must fit in.
  std::uint64_t file_left() const { return pos_ < file_size_ ? file_size_ - pos_ : 0; }
  void set_big_endian(bool big) { big_endian_ = big; }
  bool big_endian() const { return big_endian_; }

  std::uint8_t u8(const char* field) { return read_uint<std::uint8_t>(field); }
  std::uint16_t u16(const char* field) { return read_uint<std::uint16_t>(field); }
  std::uint32_t u32(const char* field) { return read_uint<std::uint32_t>(field); }
  std::uint64_t u64(const char* field) { return read_uint<std::uint64_t>(field); }
  float f32(const char* field) {
    std::uint32_t bits = u32(field);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
  double f64(const char* field) {
    std::uint64_t bits = u64(field);
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }

  // Copies `n` bytes (n already checked against file_left by the caller's length rules).
  std::string bytes(std::uint64_t n, const char* field) {
    require(n, field);
    std::string s(reinterpret_cast<const char*>(data_ + pos_), static_cast<std::size_t>(n));
    pos_ += n;
    return s;
  }

  // Moves past `n` bytes that need not be in the prefix (contents never looked at).
  void skip(std::uint64_t n, const char* field) {
    check_in_file(n, field);
    pos_ += n;
  }

 private:
  void check_in_file(std::uint64_t n, const char* field) const {
    if (n > file_left()) throw CursorStop{CursorStop::Kind::truncated, pos_, saturating_end(n), field};
    if (pos_ + n > limit_) throw CursorStop{CursorStop::Kind::over_limit, pos_, pos_ + n, field};
  }
  void require(std::uint64_t n, const char* field) const {
    check_in_file(n, field);
    if (pos_ + n > available_) throw CursorStop{CursorStop::Kind::need_more, pos_, pos_ + n, field};
  }

  // pos + n without wrapping, for reporting lengths like 2^63.
  std::uint64_t saturating_end(std::uint64_t n) const { return n > UINT64_MAX - pos_ ? UINT64_MAX : pos_ + n; }

  template <class T>
  T read_uint(const char* field) {
    require(sizeof(T), field);
    T v;
    std::memcpy(&v, data_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    if (big_endian_) v = byteswap(v);
    return v;
  }
  template <class T>
  static T byteswap(T v) {
    if constexpr (sizeof(T) == 1) return v;
    else if constexpr (sizeof(T) == 2) return __builtin_bswap16(v);
    else if constexpr (sizeof(T) == 4) return __builtin_bswap32(v);
    else return __builtin_bswap64(v);
  }

  const std::uint8_t* data_;
  std::uint64_t available_;
  std::uint64_t file_size_;
  std::uint64_t limit_;
  std::uint64_t pos_ = 0;
  bool big_endian_ = false;
};

}  // namespace placement::gguf
