// Eight bytes at a time: finding the bytes JSON text treats specially (quote, backslash, control
// characters, non-ASCII) inside runs of plain text, for the scenario reader and the result
// printer, whose texts are mostly such runs.
//
// The masks follow the classic "has a byte less than n" trick: each sets bit 7 of the bytes it
// flags; the lowest set bit is always exact, higher ones may be false positives caused by a
// borrow, so only "any" and "the first" are meaningful.
#pragma once

#include <cstdint>
#include <cstring>

namespace placement::byte_words {

inline constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
inline constexpr std::uint64_t kHighs = 0x8080808080808080ULL;

// Bytes below `n` (n <= 128).
constexpr std::uint64_t below(std::uint64_t w, unsigned n) { return (w - n * kOnes) & ~w & kHighs; }
// Bytes equal to `c`.
constexpr std::uint64_t equal(std::uint64_t w, unsigned char c) { return below(w ^ (c * kOnes), 1); }
// Bytes 0x80 and above.
constexpr std::uint64_t non_ascii(std::uint64_t w) { return w & kHighs; }

// What ends a plain run inside a JSON string: quote, backslash, a control character, non-ASCII.
constexpr std::uint64_t string_specials(std::uint64_t w) {
  return below(w, 0x20) | non_ascii(w) | equal(w, '"') | equal(w, '\\');
}

inline std::uint64_t load(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// Where the first flagged byte of a non-zero mask is, counted from the word's first byte in memory
// (the targets, x86-64 and WebAssembly, are little-endian).
inline unsigned first_flagged(std::uint64_t mask) { return static_cast<unsigned>(__builtin_ctzll(mask)) / 8; }

}  // namespace placement::byte_words
