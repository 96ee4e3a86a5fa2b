#include "share/deflate.h"

#include <cstdint>
#include <vector>

#include "share/deflate_tables.h"

namespace placement::share {
namespace {

using namespace deflate_format;

class BitWriter {
 public:
  // Values go least significant bit first.
  void bits(std::uint32_t value, int count) {
    buffer_ |= std::uint64_t(value) << held_;
    held_ += count;
    while (held_ >= 8) {
      out_ += static_cast<char>(buffer_ & 0xff);
      buffer_ >>= 8;
      held_ -= 8;
    }
  }
  // Huffman codes are defined most significant bit first, so they are sent reversed.
  void code(std::uint32_t code, int length) {
    std::uint32_t reversed = 0;
    for (int i = 0; i < length; ++i) reversed |= ((code >> i) & 1u) << (length - 1 - i);
    bits(reversed, length);
  }
  std::string finish() {
    if (held_ > 0) out_ += static_cast<char>(buffer_ & 0xff);
    return std::move(out_);
  }

 private:
  std::string out_;
  std::uint64_t buffer_ = 0;
  int held_ = 0;
};

void literal_or_length(BitWriter& w, int symbol) {
  if (symbol < 144) w.code(0x30 + symbol, 8);
  else if (symbol < 256) w.code(0x190 + (symbol - 144), 9);
  else if (symbol < 280) w.code(symbol - 256, 7);
  else w.code(0xc0 + (symbol - 280), 8);
}

void match(BitWriter& w, std::size_t length, std::size_t distance) {
  int li = 28;
  while (kLengthBase[li] > length) --li;
  literal_or_length(w, 257 + li);
  w.bits(static_cast<std::uint32_t>(length - kLengthBase[li]), kLengthExtra[li]);
  int di = 29;
  while (kDistanceBase[di] > distance) --di;
  w.code(static_cast<std::uint32_t>(di), 5);
  w.bits(static_cast<std::uint32_t>(distance - kDistanceBase[di]), kDistanceExtra[di]);
}

constexpr int kHashBits = 15;
constexpr std::size_t kMinMatch = 3;
constexpr std::size_t kMaxMatch = 258;
constexpr int kMaxChain = 128;

std::uint32_t hash3(const unsigned char* p) {
  return ((std::uint32_t(p[0]) << 16 | std::uint32_t(p[1]) << 8 | p[2]) * 2654435761u) >> (32 - kHashBits);
}

}  // namespace

std::string deflate_raw(std::string_view data) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  const std::size_t n = data.size();
  BitWriter w;
  w.bits(1, 1);  // the only block is the last
  w.bits(1, 2);  // fixed Huffman code

  // head[h]: latest position with hash h, plus one (0 = none); chain[i % window]: the one before.
  std::vector<std::uint32_t> head(std::size_t{1} << kHashBits, 0);
  std::vector<std::uint32_t> chain(kWindow, 0);
  auto insert = [&](std::size_t pos) {
    const std::uint32_t h = hash3(bytes + pos);
    chain[pos % kWindow] = head[h];
    head[h] = static_cast<std::uint32_t>(pos + 1);
  };

  std::size_t i = 0;
  while (i < n) {
    std::size_t best_len = 0, best_dist = 0;
    if (n - i >= kMinMatch) {
      const std::size_t limit = std::min(kMaxMatch, n - i);
      std::uint32_t candidate = head[hash3(bytes + i)];
      for (int steps = 0; candidate != 0 && steps < kMaxChain; ++steps) {
        const std::size_t pos = candidate - 1;
        if (i - pos > kWindow) break;
        std::size_t len = 0;
        while (len < limit && bytes[pos + len] == bytes[i + len]) ++len;
        if (len > best_len) {
          best_len = len;
          best_dist = i - pos;
          if (len == limit) break;
        }
        const std::uint32_t next = chain[pos % kWindow];
        if (next == 0 || next - 1 >= pos) break;  // the slot was reused by a newer position
        candidate = next;
      }
    }
    if (best_len >= kMinMatch) {
      match(w, best_len, best_dist);
      for (std::size_t k = 0; k < best_len; ++k, ++i)
        if (n - i >= kMinMatch) insert(i);
    } else {
      literal_or_length(w, bytes[i]);
      if (n - i >= kMinMatch) insert(i);
      ++i;
    }
  }
  literal_or_length(w, 256);
  return w.finish();
}

}  // namespace placement::share
