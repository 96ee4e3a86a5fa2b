// A raw DEFLATE encoder for shared links: greedy LZ77 over the 32 KiB window with hash chains,
// emitted as one block with the fixed Huffman code (RFC 1951 §3.2.6). Scenario JSON is mostly
// repeated keys and numbers, which the back-references capture; any standard inflater (zlib,
// the browser's DecompressionStream('deflate-raw')) reads the result.
#pragma once

#include <string>
#include <string_view>

namespace placement::share {

std::string deflate_raw(std::string_view data);

}  // namespace placement::share
