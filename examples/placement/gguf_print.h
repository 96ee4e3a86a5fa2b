// Readable text for `placement gguf` without --json: the header of every shard (metadata table,
// tensors by type, optionally every tensor), the merged model summary, and estimate tables.
#pragma once

#include <string>
#include <vector>

#include "gguf/estimate_items.h"
#include "gguf/gguf_file.h"

namespace placement::cli {

// gguf-parser-go's size printing (format-and-estimate.md §2.13): "144 MiB", "1.06 GB", "0 B".
std::string format_gguf_bytes(unsigned long long bytes);

std::string render_gguf_text(const std::vector<gguf::GgufFile>& shards, bool list_tensors);
std::string render_estimate_text(const gguf::Estimate& estimate);

}  // namespace placement::cli
