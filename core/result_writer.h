// The result document written in pieces instead of one string: the CLI hands each piece to its
// output stream, so a 12 MB trace never exists twice (tree and text). The bytes are exactly those
// of result_text(): 2-space indent, a final newline, invalid UTF-8 replaced by U+FFFD.
#pragma once

#include <cstddef>
#include <functional>

#include "scheduler.h"

namespace placement {

// Receives the text in order, in pieces of up to 64 KiB.
using TextSink = std::function<void(const char* data, std::size_t size)>;

void write_result_text(const Json& result, const TextSink& sink);

// result_text(schedule_result_to_json(std::move(r))), without building the whole document: each
// candidate becomes JSON, is written and freed in turn, and the trace is moved out of `r`.
void write_schedule_result_text(ScheduleResult&& r, const TextSink& sink);

// The members of a schedule result between "candidates" and "trace" (result_json.cpp).
Json schedule_result_head(const ScheduleResult& r, const Json& trace);

}  // namespace placement
