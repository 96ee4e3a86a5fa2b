#include "gguf/reader.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <numeric>
#include <vector>

#include "gguf/byte_cursor.h"
#include "gguf/ggml_types.h"

namespace placement::gguf {

namespace {

constexpr std::uint32_t kValueTypeCount = 13;
constexpr std::uint32_t kMaxDims = 4;

std::string num(std::uint64_t v) { return std::to_string(v); }

// Record names come from the file: keep messages printable and short.
std::string printable(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (out.size() >= 80) {
      out += "...";
      break;
    }
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  return out;
}

std::string hex_bytes(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    char buf[4];
    std::snprintf(buf, sizeof buf, "%s%02x", out.empty() ? "" : " ", c);
    out += buf;
  }
  return out;
}

// Smallest encoding of one value of `t` (a string is at least its length field, an array at least
// its element type and count), used to bound counts before anything is allocated or multiplied.
std::uint64_t min_value_bytes(ValueType t, bool wide) {
  switch (t) {
    case ValueType::uint8: case ValueType::int8: case ValueType::boolean: return 1;
    case ValueType::uint16: case ValueType::int16: return 2;
    case ValueType::uint32: case ValueType::int32: case ValueType::float32: return 4;
    case ValueType::uint64: case ValueType::int64: case ValueType::float64: return 8;
    case ValueType::string: return wide ? 8 : 4;
    case ValueType::array: return wide ? 12 : 8;
  }
  return 1;
}

bool fixed_size(ValueType t) { return t != ValueType::string && t != ValueType::array; }

class HeaderParser {
 public:
  HeaderParser(const std::uint8_t* data, std::size_t size, std::uint64_t file_size, const ReadOptions& options)
      : cur_(data, size, file_size, options.max_header_bytes), opt_(options),
        kept_budget_(options.max_kept_array_elements) {}

  GgufFile parse() {
    GgufFile f;
    f.file_size = cur_.file_size();
    read_preamble(f);
    read_metadata(f);
    read_tensor_infos(f);
    return f;
  }

  // "KV 7/7 'tokenizer.ggml.tokens' element 57 string length": where a failure happened.
  std::string where(const char* field) const {
    std::string s = record_kind_;
    if (record_total_ > 0) s += " " + num(record_index_) + "/" + num(record_total_);
    if (!record_name_.empty()) s += " '" + printable(record_name_) + "'";
    for (std::size_t d = 0; d < element_path_.size(); ++d) s += (d == 0 ? " element " : ".") + num(element_path_[d]);
    return s + " " + field;
  }

  [[noreturn]] void fail(std::uint64_t offset, const char* field, const std::string& detail) const {
    throw GgufError(offset, where(field), detail);
  }

 private:
  bool wide() const { return version_ >= 2; }

  // A u64 count or length (u32 in v1).
  std::uint64_t read_length(const char* field) { return wide() ? cur_.u64(field) : cur_.u32(field); }

  // Why `count` items of at least `each` bytes cannot start at the cursor: the product overflows
  // or the file ends first.
  std::string too_big(std::uint64_t count, std::uint64_t each, const char* item) const {
    std::uint64_t product = 0;
    if (__builtin_mul_overflow(count, each, &product))
      return "x " + num(each) + " bytes overflows 64 bits, far beyond the " + num(cur_.file_left()) +
             " bytes left in the file";
    return "needs at least " + num(product) + " bytes (" + num(each) + " per " + item + ") but the file ends at byte " +
           num(cur_.file_size()) + ", " + num(cur_.file_left()) + " bytes from here (truncated file or corrupt count)";
  }

  // Rejects `count` records of at least `each` bytes that cannot fit in the rest of the file.
  void check_count(std::uint64_t at, std::uint64_t count, std::uint64_t each, const char* field, const char* what) {
    if (count > cur_.file_left() / each) fail(at, field, std::string(what) + " " + num(count) + " " + too_big(count, each, "record"));
  }

  // A string's length, checked against the rest of the file before anything is allocated.
  std::uint64_t read_string_length(const char* length_field) {
    std::uint64_t at = cur_.pos();
    std::uint64_t len = read_length(length_field);
    if (len > cur_.file_left())
      fail(at, length_field,
           "declares a string length of " + num(len) + " bytes, beyond the " + num(cur_.file_left()) +
               " bytes left in the file (it ends at byte " + num(cur_.file_size()) + ")");
    return len;
  }

  std::string read_string(const char* length_field, const char* bytes_field) {
    std::uint64_t len = read_string_length(length_field);
    return cur_.bytes(len, bytes_field);
  }

  void skip_string(const char* length_field) { cur_.skip(read_string_length(length_field), "string bytes"); }

  void read_preamble(GgufFile& f) {
    std::string magic = cur_.bytes(4, "magic");
    if (magic != "GGUF")
      fail(0, "magic",
           "bad magic: the first 4 bytes are " + hex_bytes(magic) + " ('" + printable(magic) +
               "'), a GGUF file starts with 47 47 55 46 ('GGUF')");
    std::uint32_t v = cur_.u32("version");
    // The magic is no byte-order mark: a big-endian version 3 reads 0x03000000 (§1.3).
    if ((v & 0xffffu) == 0 && v != 0) {
      v = __builtin_bswap32(v);
      cur_.set_big_endian(true);
    }
    if (v == 0 || v > 3) fail(4, "version", "unsupported GGUF version " + num(v) + " (1, 2 and 3 are defined)");
    version_ = v;
    f.version = v;
    f.big_endian = cur_.big_endian();

    std::uint64_t at = cur_.pos();
    f.tensor_count = read_length("tensor_count");
    check_count(at, f.tensor_count, min_tensor_info_bytes(), "tensor_count", "tensor count");
    if (f.tensor_count > opt_.max_tensor_count)
      fail(at, "tensor_count", "tensor count " + num(f.tensor_count) + " is above the reader's bound of " + num(opt_.max_tensor_count));
    at = cur_.pos();
    f.kv_count = read_length("kv_count");
    check_count(at, f.kv_count, min_kv_bytes(), "kv_count", "metadata count");
    if (f.kv_count > opt_.max_kv_count)
      fail(at, "kv_count", "metadata count " + num(f.kv_count) + " is above the reader's bound of " + num(opt_.max_kv_count));
  }

  std::uint64_t min_kv_bytes() const { return (wide() ? 8 : 4) + 4 + 1; }
  std::uint64_t min_tensor_info_bytes() const { return (wide() ? 8 : 4) + 4 + (wide() ? 8 : 4) + 4 + 8; }

  void read_metadata(GgufFile& f) {
    f.metadata.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(f.kv_count, 4096)));
    for (std::uint64_t i = 0; i < f.kv_count; ++i) {
      enter_record("KV", i + 1, f.kv_count);
      MetadataEntry e;
      e.offset = cur_.pos();
      e.key = read_string("key length", "key");
      record_name_ = e.key;
      std::uint64_t type_at = cur_.pos();
      std::uint32_t type = cur_.u32("value type");
      if (type >= kValueTypeCount)
        fail(type_at, "value type", "value type " + num(type) + "; valid metadata value types are 0..12");
      std::uint64_t value_at = cur_.pos();
      e.value = read_value(static_cast<ValueType>(type), 0, true);
      if (e.key == "general.alignment") f.alignment = checked_alignment(e.value, value_at);
      f.metadata.push_back(std::move(e));
    }
    leave_record();
    reject_duplicate_keys(f);
  }

  std::uint64_t checked_alignment(const MetadataValue& v, std::uint64_t at) const {
    if (v.type != ValueType::uint32)
      fail(at, "value", std::string("general.alignment must be a UINT32, not ") + value_type_name(v.type));
    if (v.u == 0 || (v.u & (v.u - 1)) != 0)
      fail(at, "value", "general.alignment " + num(v.u) + " is not a non-zero power of two");
    return v.u;
  }

  MetadataValue read_value(ValueType type, std::uint32_t depth, bool keep) {
    MetadataValue v;
    v.type = type;
    switch (type) {
      case ValueType::uint8: v.u = cur_.u8("value"); break;
      case ValueType::int8: v.i = static_cast<std::int8_t>(cur_.u8("value")); break;
      case ValueType::uint16: v.u = cur_.u16("value"); break;
      case ValueType::int16: v.i = static_cast<std::int16_t>(cur_.u16("value")); break;
      case ValueType::uint32: v.u = cur_.u32("value"); break;
      case ValueType::int32: v.i = static_cast<std::int32_t>(cur_.u32("value")); break;
      case ValueType::float32: v.f = cur_.f32("value"); break;
      case ValueType::boolean: v.b = cur_.u8("value") != 0; break;
      case ValueType::uint64: v.u = cur_.u64("value"); break;
      case ValueType::int64: v.i = static_cast<std::int64_t>(cur_.u64("value")); break;
      case ValueType::float64: v.f = cur_.f64("value"); break;
      case ValueType::string:
        if (keep) v.s = read_string("string length", "string");
        else skip_string("string length");
        break;
      case ValueType::array: read_array(v, depth, keep); break;
    }
    return v;
  }

  void read_array(MetadataValue& v, std::uint32_t depth, bool keep) {
    std::uint64_t type_at = cur_.pos();
    std::uint32_t et = cur_.u32("array element type");
    if (et >= kValueTypeCount)
      fail(type_at, "array element type", "array element type " + num(et) + "; valid metadata value types are 0..12");
    ValueType element = static_cast<ValueType>(et);
    if (element == ValueType::array && depth + 1 >= opt_.max_array_depth)
      fail(type_at, "array element type",
           "arrays nested more than " + num(opt_.max_array_depth) + " deep are not supported");
    std::uint64_t count_at = cur_.pos();
    std::uint64_t count = read_length("array length");
    std::uint64_t each = min_value_bytes(element, wide());
    if (count > cur_.file_left() / each)
      fail(count_at, "array length",
           std::string("an ARRAY of ") + value_type_name(element) + " with count " + num(count) + " " +
               too_big(count, each, "element"));
    v.array_type = element;
    v.array_length = count;

    std::uint64_t kept = 0;
    if (keep) {
      kept = count <= opt_.keep_whole_array_max ? count : std::min(count, opt_.long_array_kept);
      kept = std::min(kept, kept_budget_);
      kept_budget_ -= kept;
    }
    v.array.reserve(static_cast<std::size_t>(kept));
    element_path_.push_back(0);
    for (std::uint64_t i = 0; i < count; ++i) {
      element_path_.back() = i;
      if (i >= kept && fixed_size(element)) {
        // count x each fits in the file (checked above), so this cannot wrap.
        cur_.skip((count - i) * each, "array elements");
        break;
      }
      MetadataValue item = read_value(element, depth + 1, i < kept);
      if (i < kept) v.array.push_back(std::move(item));
    }
    element_path_.pop_back();
  }

  void reject_duplicate_keys(const GgufFile& f) const {
    std::vector<std::size_t> order(f.metadata.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return f.metadata[a].key < f.metadata[b].key; });
    // Report the earliest record in file order that repeats an earlier key.
    std::size_t worst = f.metadata.size();
    for (std::size_t k = 1; k < order.size(); ++k)
      if (f.metadata[order[k]].key == f.metadata[order[k - 1]].key) worst = std::min(worst, order[k]);
    if (worst == f.metadata.size()) return;
    const MetadataEntry& e = f.metadata[worst];
    throw GgufError(e.offset, "KV " + num(worst + 1) + "/" + num(f.kv_count) + " '" + printable(e.key) + "' key",
                    "duplicate key (llama.cpp rejects files with repeated keys)");
  }

  void read_tensor_infos(GgufFile& f) {
    f.tensor_info_offset = cur_.pos();
    f.tensors.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(f.tensor_count, 4096)));
    std::vector<std::uint64_t> record_offsets;
    for (std::uint64_t i = 0; i < f.tensor_count; ++i) {
      enter_record("tensor", i + 1, f.tensor_count);
      record_offsets.push_back(cur_.pos());
      f.tensors.push_back(read_tensor_info(f.alignment));
    }
    leave_record();
    reject_duplicate_names(f, record_offsets);
    f.tensor_info_end = cur_.pos();
    // Correct padding: none when the infos end on a boundary (§1.6, unlike gguf-parser-go).
    std::uint64_t rem = f.tensor_info_end % f.alignment;
    f.data_offset = rem == 0 ? f.tensor_info_end : f.tensor_info_end + (f.alignment - rem);
  }

  TensorInfo read_tensor_info(std::uint64_t alignment) {
    TensorInfo t;
    t.name = read_string("name length", "name");
    record_name_ = t.name;
    std::uint64_t dims_at = cur_.pos();
    std::uint32_t n_dims = cur_.u32("n_dims");
    if (n_dims == 0 || n_dims > kMaxDims)
      fail(dims_at, "n_dims", "has n_dims " + num(n_dims) + "; GGUF allows 1..4 dimensions");
    std::uint64_t elements = 1;
    for (std::uint32_t d = 0; d < n_dims; ++d) {
      std::uint64_t at = cur_.pos();
      std::uint64_t ne = read_length("dimension");
      if (ne > static_cast<std::uint64_t>(INT64_MAX))
        fail(at, "dimension", "dimension " + num(d) + " is " + num(ne) + ", beyond INT64_MAX");
      if (__builtin_mul_overflow(elements, ne, &elements) || elements > static_cast<std::uint64_t>(INT64_MAX))
        fail(at, "dimension", "the element count overflows 64 bits");
      t.dims.push_back(ne);
    }
    std::uint64_t type_at = cur_.pos();
    t.type = cur_.u32("type");
    const GgmlType* gt = ggml_type(t.type);
    if (gt == nullptr)
      fail(type_at, "type",
           "ggml type " + num(t.type) + (t.type == 4 || t.type == 5 ? " was removed from ggml" : " is unknown") +
               "; it cannot be sized");
    std::uint64_t ne0 = t.dims[0];
    if (ne0 % gt->block_size != 0)
      fail(type_at, "type",
           "ne[0] = " + num(ne0) + " is not a multiple of the " + gt->name + " block size " + num(gt->block_size));
    std::uint64_t rows = ne0 == 0 ? 0 : elements / ne0;
    std::optional<std::uint64_t> bytes = ggml_tensor_bytes(t.type, ne0, rows);
    if (!bytes) fail(type_at, "type", "the tensor's byte size overflows 64 bits");
    t.nbytes = *bytes;
    std::uint64_t offset_at = cur_.pos();
    t.offset = cur_.u64("offset");
    if (t.offset % alignment != 0)
      fail(offset_at, "offset", "offset " + num(t.offset) + " is not a multiple of the alignment " + num(alignment));
    std::uint64_t end = 0;
    if (__builtin_add_overflow(t.offset, t.nbytes, &end) || end > UINT64_MAX - alignment)
      fail(offset_at, "offset", "offset + size overflows 64 bits");
    return t;
  }

  void reject_duplicate_names(const GgufFile& f, const std::vector<std::uint64_t>& offsets) const {
    std::vector<std::size_t> order(f.tensors.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return f.tensors[a].name < f.tensors[b].name; });
    std::size_t worst = f.tensors.size();
    for (std::size_t k = 1; k < order.size(); ++k)
      if (f.tensors[order[k]].name == f.tensors[order[k - 1]].name) worst = std::min(worst, order[k]);
    if (worst == f.tensors.size()) return;
    throw GgufError(offsets[worst],
                    "tensor " + num(worst + 1) + "/" + num(f.tensor_count) + " '" + printable(f.tensors[worst].name) + "' name",
                    "duplicate tensor name (llama.cpp rejects files with repeated names)");
  }

  void enter_record(const char* kind, std::uint64_t index, std::uint64_t total) {
    record_kind_ = kind;
    record_index_ = index;
    record_total_ = total;
    record_name_.clear();
    element_path_.clear();
  }
  void leave_record() { enter_record("header", 0, 0); }

  ByteCursor cur_;
  const ReadOptions& opt_;
  std::uint32_t version_ = 3;
  std::uint64_t kept_budget_;
  const char* record_kind_ = "header";
  std::uint64_t record_index_ = 0;
  std::uint64_t record_total_ = 0;
  std::string record_name_;
  std::vector<std::uint64_t> element_path_;
};

std::string limit_text(std::uint64_t bytes) {
  if (bytes % (std::uint64_t{1} << 20) == 0) return num(bytes >> 20) + " MiB";
  return num(bytes) + "-byte";
}

}  // namespace

PrefixResult read_gguf_prefix(const std::uint8_t* data, std::size_t size, std::uint64_t file_size,
                              const ReadOptions& options) {
  HeaderParser parser(data, size, file_size, options);
  PrefixResult r;
  try {
    r.file = parser.parse();
    r.complete = true;
    return r;
  } catch (const CursorStop& stop) {
    switch (stop.kind) {
      case CursorStop::Kind::need_more:
        r.bytes_needed = stop.end;
        return r;
      case CursorStop::Kind::truncated:
        parser.fail(stop.offset, stop.field,
                    "truncated: the file ends at byte " + num(file_size) + " (its size), inside this field");
      case CursorStop::Kind::over_limit:
        parser.fail(stop.offset, stop.field,
                    "the header would extend past the " + limit_text(options.max_header_bytes) +
                        " read limit (this field ends at byte " + num(stop.end) + "); refusing to read further");
    }
  }
  return r;
}

std::uint64_t next_prefix_size(std::uint64_t have, std::uint64_t needed, std::uint64_t file_size) {
  std::uint64_t grown = have > UINT64_MAX / 2 ? UINT64_MAX : have * 2;
  return std::min(file_size, std::max(needed, grown));
}

GgufFile read_gguf(ByteSource& source, const ReadOptions& options) {
  const std::uint64_t size = source.size();
  std::uint64_t want = std::min(size, std::min(kDefaultFirstRead, options.max_header_bytes));
  std::vector<std::uint8_t> buf;
  for (;;) {
    std::size_t have = buf.size();
    buf.resize(static_cast<std::size_t>(want));
    source.read(have, buf.data() + have, buf.size() - have);
    PrefixResult r = read_gguf_prefix(buf.data(), buf.size(), size, options);
    if (r.complete) return std::move(r.file);
    // The parser only asks for bytes inside the file and the limit, so this always grows.
    want = std::min(next_prefix_size(buf.size(), r.bytes_needed, size), options.max_header_bytes);
  }
}

}  // namespace placement::gguf
