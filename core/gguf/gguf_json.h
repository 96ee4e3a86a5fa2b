// JSON views of parsed GGUF headers, for `placement gguf --json` and the browser: one object per
// file in the shape of the fixtures' reference parses (tests/data/gguf/real/*.json: version,
// little_endian, counts, metadata with types, arrays as element type + length + first items,
// tensors, data offset, tensor-info byte range, parameter count), and a model summary merged over
// the shards. Strings from the file may not be UTF-8: dump with error_handler_t::replace.
#pragma once

#include <vector>

#include "gguf/gguf_file.h"
#include "scenario/types.h"

namespace placement::gguf {

Json metadata_value_to_json(const MetadataValue& v);  // scalars as values; arrays: the kept items
Json gguf_file_to_json(const GgufFile& f);

// Architecture, name, file type, shard count, tensor and parameter counts, model size, header
// bytes (Σ data offsets), BPW and a per-type tensor table, over all shards (§1.7, §1.8).
Json gguf_model_summary_json(const std::vector<GgufFile>& shards);

}  // namespace placement::gguf
