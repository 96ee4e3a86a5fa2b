// A parsed GGUF header (format-and-estimate.md §1): metadata, tensor infos, alignment and data
// offset. Produced by the prefix reader (gguf/reader.h), consumed by the profile extractor and the
// `placement gguf` command. Tokenizer arrays may be kept as counts only (their contents are never
// needed by the estimator).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::gguf {

enum class ValueType : std::uint32_t {
  uint8 = 0, int8 = 1, uint16 = 2, int16 = 3, uint32 = 4, int32 = 5, float32 = 6, boolean = 7,
  string = 8, array = 9, uint64 = 10, int64 = 11, float64 = 12,
};
const char* value_type_name(ValueType t);

struct MetadataValue {
  ValueType type = ValueType::uint8;
  // Scalars: exactly one of these is meaningful, by `type`.
  std::uint64_t u = 0;
  std::int64_t i = 0;
  double f = 0;
  bool b = false;
  std::string s;
  // Arrays: element type, length, and the elements kept (all of them for small arrays; the
  // reader may keep only a prefix of very large ones: `array_kept` < `array_length`).
  ValueType array_type = ValueType::uint8;
  std::uint64_t array_length = 0;
  std::vector<MetadataValue> array;
  bool array_truncated() const { return array.size() < array_length; }
};

struct MetadataEntry {
  std::string key;
  MetadataValue value;
  std::uint64_t offset = 0;  // byte offset of the record in its file
};

struct TensorInfo {
  std::string name;
  std::vector<std::uint64_t> dims;  // ne[0] first
  std::uint32_t type = 0;           // ggml type id
  std::uint64_t offset = 0;         // from the start of the tensor data
  std::uint64_t nbytes = 0;         // from the type's block size
  std::uint32_t shard = 0;          // which split file holds it (0 for single files)
};

struct GgufFile {
  std::uint32_t version = 3;
  bool big_endian = false;
  std::uint64_t tensor_count = 0;
  std::uint64_t kv_count = 0;
  std::vector<MetadataEntry> metadata;
  std::vector<TensorInfo> tensors;
  std::uint64_t alignment = 32;
  std::uint64_t data_offset = 0;  // where tensor data starts
  std::uint64_t file_size = 0;    // total size of the file (as told by the caller)
  // [tensor_info_offset, tensor_info_end): the tensor-info records. tensor_info_end is the number
  // of bytes a reader needs from the start of the file (§1.9).
  std::uint64_t tensor_info_offset = 0;
  std::uint64_t tensor_info_end = 0;
  std::string file_name;  // for messages and listings; set by whoever opened the file

  const MetadataValue* find(const std::string& key) const;
};

// Typed access for consumers that accept any integer / numeric type (the GGUF writers are not
// consistent: e.g. a context length may be UINT32 or UINT64). nullopt for other types or values
// out of range.
std::optional<std::int64_t> as_int64(const MetadataValue& v);
std::optional<std::uint64_t> as_uint64(const MetadataValue& v);
std::optional<double> as_double(const MetadataValue& v);

// ne[0]·ne[1]·ne[2]·ne[3] (the reader guarantees it fits in int64).
std::uint64_t tensor_elements(const TensorInfo& t);
// Σ tensor_elements over the file's tensors (saturates instead of wrapping).
std::uint64_t parameter_count(const GgufFile& f);
// Bytes the tensor data occupies by the infos: max over tensors of offset + pad(nbytes, alignment).
std::uint64_t tensor_data_bytes(const GgufFile& f);
// file_size − data_offset (gguf-parser-go's model size, padding included) when the file holds its
// tensor data; for a header-only file (data absent or short) tensor_data_bytes instead, the size
// the full file's data has.
std::uint64_t model_size(const GgufFile& f);

}  // namespace placement::gguf
