// A raw DEFLATE decoder (RFC 1951: stored, fixed and dynamic Huffman blocks) for shared links.
// It is written for hostile input: every read is bounds-checked, and the output is refused the
// moment it would grow past `max_output`, so a tiny "zip bomb" link is never materialised.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace placement::share {

// Throws FragmentError with the byte offset of the problem in `compressed`.
std::string inflate_raw(std::string_view compressed, std::size_t max_output);

}  // namespace placement::share
