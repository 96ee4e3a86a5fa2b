// The result document written in pieces instead of one string: the CLI hands each piece to its
// output stream, so a 12 MB trace never exists twice (tree and text). The bytes are exactly those
// of result_text(): 2-space indent, a final newline, invalid UTF-8 replaced by U+FFFD.
#pragma once

#include <cstddef>
#include <functional>

#include "scenario/types.h"

namespace placement {

// Receives the text in order, in pieces of up to 64 KiB.
using TextSink = std::function<void(const char* data, std::size_t size)>;

void write_result_text(const Json& result, const TextSink& sink);

}  // namespace placement
