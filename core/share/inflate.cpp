#include "share/inflate.h"

#include <array>
#include <cstdint>

#include "share/deflate_tables.h"
#include "share/fragment_error.h"

namespace placement::share {
namespace {

using namespace deflate_format;

class BitReader {
 public:
  explicit BitReader(std::string_view data) : data_(data) {}

  // `count` ≤ 16. Bits come least significant first (§3.1.1).
  std::uint32_t bits(int count) {
    while (held_ < count) {
      if (pos_ >= data_.size()) fail("the compressed data ends in the middle of a block");
      buffer_ |= std::uint32_t(static_cast<unsigned char>(data_[pos_++])) << held_;
      held_ += 8;
    }
    const std::uint32_t v = buffer_ & ((1u << count) - 1);
    buffer_ >>= count;
    held_ -= count;
    return v;
  }

  // Stored blocks start on a byte boundary; at most 7 bits are ever held past one.
  void align() {
    buffer_ = 0;
    held_ = 0;
  }
  std::size_t position() const { return pos_; }
  std::string_view take(std::size_t n) {
    if (data_.size() - pos_ < n) fail("a stored block is longer than the data that follows it");
    std::string_view s = data_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw FragmentError("the link's data is corrupted: " + what + " (compressed byte " + std::to_string(pos_) + ")");
  }

 private:
  std::string_view data_;
  std::size_t pos_ = 0;
  std::uint32_t buffer_ = 0;
  int held_ = 0;
};

// A canonical Huffman code as counts per length plus symbols in code order (§3.2.2).
struct HuffmanCode {
  std::array<std::uint16_t, kMaxBits + 1> count{};
  std::array<std::uint16_t, 288> symbol{};
};

// Returns false for an over-subscribed set of lengths; incomplete codes are allowed (a lone
// distance code is legal) and an unused bit pattern is caught while decoding.
bool build(HuffmanCode& h, const std::uint8_t* lengths, int n) {
  h.count.fill(0);
  for (int i = 0; i < n; ++i) ++h.count[lengths[i]];
  int left = 1;
  for (int len = 1; len <= kMaxBits; ++len) {
    left = left * 2 - h.count[len];
    if (left < 0) return false;
  }
  std::array<std::uint16_t, kMaxBits + 2> offset{};
  for (int len = 1; len <= kMaxBits; ++len) offset[len + 1] = offset[len] + h.count[len];
  for (int i = 0; i < n; ++i)
    if (lengths[i] != 0) h.symbol[offset[lengths[i]]++] = static_cast<std::uint16_t>(i);
  return true;
}

int decode(BitReader& in, const HuffmanCode& h) {
  int code = 0, first = 0, index = 0;
  for (int len = 1; len <= kMaxBits; ++len) {
    code |= static_cast<int>(in.bits(1));
    const int count = h.count[len];
    if (code - first < count) return h.symbol[index + (code - first)];
    index += count;
    first = (first + count) << 1;
    code <<= 1;
  }
  in.fail("a Huffman code that the block's table does not define");
}

class Inflater {
 public:
  Inflater(std::string_view data, std::size_t max_output) : in_(data), max_(max_output) {}

  std::string run() {
    bool last = false;
    while (!last) {
      last = in_.bits(1) == 1;
      switch (in_.bits(2)) {
        case 0: stored(); break;
        case 1: fixed(); break;
        case 2: dynamic(); break;
        default: in_.fail("a block of the reserved type 3");
      }
    }
    return std::move(out_);
  }
  std::size_t consumed() const { return in_.position(); }

 private:
  void grow(std::size_t n) {
    if (n > max_ - out_.size()) {
      throw FragmentError("the link expands beyond the " + std::to_string(max_ >> 20) +
                          " MiB limit for a shared scenario and was refused");
    }
  }

  void stored() {
    in_.align();
    const std::uint32_t len = in_.bits(16);
    const std::uint32_t nlen = in_.bits(16);
    if ((len ^ 0xffffu) != nlen) in_.fail("a stored block whose length and its complement disagree");
    grow(len);
    out_.append(in_.take(len));
  }

  void fixed() {
    if (!fixed_built_) {
      std::uint8_t lengths[288 + 30];
      for (int s = 0; s < 288; ++s) lengths[s] = static_cast<std::uint8_t>(fixed_literal_length(s));
      for (int s = 0; s < 30; ++s) lengths[288 + s] = 5;
      build(fixed_lit_, lengths, 288);
      build(fixed_dist_, lengths + 288, 30);
      fixed_built_ = true;
    }
    codes(fixed_lit_, fixed_dist_);
  }

  void dynamic() {
    const int nlit = static_cast<int>(in_.bits(5)) + 257;
    const int ndist = static_cast<int>(in_.bits(5)) + 1;
    const int ncode = static_cast<int>(in_.bits(4)) + 4;
    if (nlit > 286 || ndist > 30) in_.fail("a dynamic block with too many length or distance codes");
    std::uint8_t lengths[286 + 30] = {};
    for (int i = 0; i < ncode; ++i) lengths[kCodeLengthOrder[i]] = static_cast<std::uint8_t>(in_.bits(3));
    HuffmanCode lencode;
    if (!build(lencode, lengths, 19)) in_.fail("an over-subscribed code-length code");
    int i = 0;
    while (i < nlit + ndist) {
      const int sym = decode(in_, lencode);
      if (sym < 16) {
        lengths[i++] = static_cast<std::uint8_t>(sym);
        continue;
      }
      int repeat = 0;
      std::uint8_t value = 0;
      if (sym == 16) {
        if (i == 0) in_.fail("a repeat of the previous code length with none before it");
        value = lengths[i - 1];
        repeat = 3 + static_cast<int>(in_.bits(2));
      } else if (sym == 17) {
        repeat = 3 + static_cast<int>(in_.bits(3));
      } else {
        repeat = 11 + static_cast<int>(in_.bits(7));
      }
      if (i + repeat > nlit + ndist) in_.fail("code lengths that run past the end of the table");
      while (repeat-- > 0) lengths[i++] = value;
    }
    if (lengths[256] == 0) in_.fail("a dynamic block with no end-of-block code");
    HuffmanCode lit, dist;
    if (!build(lit, lengths, nlit)) in_.fail("an over-subscribed literal/length code");
    if (!build(dist, lengths + nlit, ndist)) in_.fail("an over-subscribed distance code");
    codes(lit, dist);
  }

  void codes(const HuffmanCode& lit, const HuffmanCode& dist) {
    for (;;) {
      const int sym = decode(in_, lit);
      if (sym < 256) {
        grow(1);
        out_ += static_cast<char>(sym);
        continue;
      }
      if (sym == 256) return;
      const int li = sym - 257;
      if (li >= 29) in_.fail("an invalid length code");
      const std::size_t length = kLengthBase[li] + in_.bits(kLengthExtra[li]);
      const int di = decode(in_, dist);
      if (di >= 30) in_.fail("an invalid distance code");
      const std::size_t distance = kDistanceBase[di] + in_.bits(kDistanceExtra[di]);
      if (distance > out_.size()) in_.fail("a back-reference to before the start of the data");
      grow(length);
      // Copies may overlap their own output (distance < length), so byte by byte.
      std::size_t from = out_.size() - distance;
      for (std::size_t k = 0; k < length; ++k) out_ += out_[from + k];
    }
  }

  BitReader in_;
  std::size_t max_;
  std::string out_;
  bool fixed_built_ = false;
  HuffmanCode fixed_lit_, fixed_dist_;
};

}  // namespace

std::string inflate_raw(std::string_view compressed, std::size_t max_output) {
  Inflater inflater(compressed, max_output);
  std::string out = inflater.run();
  if (inflater.consumed() != compressed.size()) {
    throw FragmentError("the link's data is corrupted: " + std::to_string(compressed.size() - inflater.consumed()) +
                        " unexpected bytes after the end of the compressed data (compressed byte " +
                        std::to_string(inflater.consumed()) + ")");
  }
  return out;
}

}  // namespace placement::share
