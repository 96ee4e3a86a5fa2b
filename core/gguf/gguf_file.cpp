#include "gguf/gguf_file.h"

#include <algorithm>

namespace placement::gguf {

const char* value_type_name(ValueType t) {
  switch (t) {
    case ValueType::uint8: return "UINT8";
    case ValueType::int8: return "INT8";
    case ValueType::uint16: return "UINT16";
    case ValueType::int16: return "INT16";
    case ValueType::uint32: return "UINT32";
    case ValueType::int32: return "INT32";
    case ValueType::float32: return "FLOAT32";
    case ValueType::boolean: return "BOOL";
    case ValueType::string: return "STRING";
    case ValueType::array: return "ARRAY";
    case ValueType::uint64: return "UINT64";
    case ValueType::int64: return "INT64";
    case ValueType::float64: return "FLOAT64";
  }
  return "UNKNOWN";
}

// First occurrence wins (§1.8: merged split metadata is looked up that way).
const MetadataValue* GgufFile::find(const std::string& key) const {
  for (const MetadataEntry& e : metadata)
    if (e.key == key) return &e.value;
  return nullptr;
}

namespace {
bool is_unsigned(ValueType t) {
  return t == ValueType::uint8 || t == ValueType::uint16 || t == ValueType::uint32 || t == ValueType::uint64;
}
bool is_signed(ValueType t) {
  return t == ValueType::int8 || t == ValueType::int16 || t == ValueType::int32 || t == ValueType::int64;
}
}  // namespace

std::optional<std::int64_t> as_int64(const MetadataValue& v) {
  if (is_signed(v.type)) return v.i;
  if (is_unsigned(v.type) && v.u <= static_cast<std::uint64_t>(INT64_MAX)) return static_cast<std::int64_t>(v.u);
  return std::nullopt;
}

std::optional<std::uint64_t> as_uint64(const MetadataValue& v) {
  if (is_unsigned(v.type)) return v.u;
  if (is_signed(v.type) && v.i >= 0) return static_cast<std::uint64_t>(v.i);
  return std::nullopt;
}

std::optional<double> as_double(const MetadataValue& v) {
  if (v.type == ValueType::float32 || v.type == ValueType::float64) return v.f;
  if (is_signed(v.type)) return static_cast<double>(v.i);
  if (is_unsigned(v.type)) return static_cast<double>(v.u);
  return std::nullopt;
}

std::uint64_t tensor_elements(const TensorInfo& t) {
  std::uint64_t n = 1;
  for (std::uint64_t d : t.dims) n *= d;
  return n;
}

std::uint64_t parameter_count(const GgufFile& f) {
  std::uint64_t total = 0;
  for (const TensorInfo& t : f.tensors)
    if (__builtin_add_overflow(total, tensor_elements(t), &total)) return UINT64_MAX;
  return total;
}

std::uint64_t tensor_data_bytes(const GgufFile& f) {
  std::uint64_t end = 0;
  for (const TensorInfo& t : f.tensors) {
    // The reader guarantees offset + nbytes + alignment does not wrap.
    std::uint64_t a = f.alignment == 0 ? 1 : f.alignment;
    std::uint64_t padded = (t.nbytes + a - 1) / a * a;
    end = std::max(end, t.offset + padded);
  }
  return end;
}

std::uint64_t model_size(const GgufFile& f) {
  std::uint64_t data = tensor_data_bytes(f);
  if (f.file_size >= f.data_offset && f.file_size - f.data_offset >= data) return f.file_size - f.data_offset;
  return data;
}

}  // namespace placement::gguf
