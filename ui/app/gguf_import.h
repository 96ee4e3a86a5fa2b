// A .gguf file read by the page with Blob.slice (embind loadGgufPrefix): the first bytes of the
// file go to the core's prefix reader; it either asks for a longer prefix or yields the header,
// whose profile becomes the scenario's estimates.gguf_profile (scenario.md). Only the header is
// ever read, never the weights. A split model's shards are read one by one (read_gguf_header) and
// applied together (apply_gguf_files); one shard alone is refused (gguf/split_model.h). Loading
// names the model from the GGUF metadata and its file from the (first shard's) file name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gguf/gguf_file.h"

#include "scenario/types.h"

namespace placement::ui {

struct GgufOutcome {
  enum class Status { need, ok, error } status = Status::error;
  std::uint64_t bytes_needed = 0;  // need: read this many first bytes and call again
  Json document;                   // ok: the scenario with the profile
  std::string message;             // error: for the user, with the byte offset; ok: what changed
};

// One file's header from a prefix of it: need more bytes, the header, or an error for the user.
struct GgufHeaderRead {
  GgufOutcome::Status status = GgufOutcome::Status::error;
  std::uint64_t bytes_needed = 0;
  gguf::GgufFile file;  // ok: file_name set
  std::string message;  // error
};
GgufHeaderRead read_gguf_header(const std::string& bytes, std::uint64_t file_size, const std::string& file_name);

// The headers of the files the user chose, in any order (one whole model, or every shard of one
// split model) applied to the scenario: the profile, model.name, and the model's file.
GgufOutcome apply_gguf_files(const Json& scenario, std::vector<gguf::GgufFile> files);

// read_gguf_header and apply_gguf_files of one file.
GgufOutcome apply_gguf_prefix(const Json& scenario, const std::string& bytes, std::uint64_t file_size,
                              const std::string& file_name);

// The JSON answer of loadGgufPrefix: {"status":"need","bytes":M} | {"status":"ok"} |
// {"status":"error","message":...}.
std::string gguf_outcome_json(const GgufOutcome& outcome);

}  // namespace placement::ui
