// A .gguf file read by the page with Blob.slice (embind loadGgufPrefix): the first bytes of the
// file go to the core's prefix reader; it either asks for a longer prefix or yields the header,
// whose profile becomes the scenario's estimates.gguf_profile (scenario.md). Only the header is
// ever read, never the weights.
#pragma once

#include <cstdint>
#include <string>

#include "scenario/types.h"

namespace placement::ui {

struct GgufOutcome {
  enum class Status { need, ok, error } status = Status::error;
  std::uint64_t bytes_needed = 0;  // need: read this many first bytes and call again
  Json document;                   // ok: the scenario with the profile
  std::string message;             // error: for the user, with the byte offset; ok: what changed
};

GgufOutcome apply_gguf_prefix(const Json& scenario, const std::string& bytes, std::uint64_t file_size,
                              const std::string& file_name);

// The JSON answer of loadGgufPrefix: {"status":"need","bytes":M} | {"status":"ok"} |
// {"status":"error","message":...}.
std::string gguf_outcome_json(const GgufOutcome& outcome);

}  // namespace placement::ui
