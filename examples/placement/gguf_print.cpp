#include "gguf_print.h"

#include <charconv>
#include <cstdio>
#include <map>

#include "gguf/ggml_types.h"

namespace placement::cli {

namespace {

using gguf::GgufFile;
using gguf::MetadataEntry;
using gguf::MetadataValue;
using gguf::TensorInfo;
using gguf::ValueType;

// 1234567 → "1,234,567".
std::string grouped(unsigned long long v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) out += ',';
    out += digits[k];
  }
  return out;
}

std::string pad_right(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

std::string pad_left(std::string s, std::size_t width) {
  if (s.size() < width) s.insert(0, width - s.size(), ' ');
  return s;
}

// The shortest text that reads back as the same value; FLOAT32 values as floats (1e-05, not the
// double 9.999999747378752e-06 they widen to).
std::string shortest(double v, bool as_float) {
  char buf[64];
  std::to_chars_result r = as_float ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v))
                                    : std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string quoted(const std::string& s, std::size_t max_chars) {
  std::string out = "\"";
  std::size_t shown = 0;
  for (unsigned char c : s) {
    if (shown >= max_chars) {
      out += "\"... (" + grouped(s.size()) + " bytes)";
      return out;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
    ++shown;
  }
  return out + "\"";
}

std::string value_text(const MetadataValue& v) {
  switch (v.type) {
    case ValueType::uint8: case ValueType::uint16: case ValueType::uint32: case ValueType::uint64:
      return std::to_string(v.u);
    case ValueType::int8: case ValueType::int16: case ValueType::int32: case ValueType::int64:
      return std::to_string(v.i);
    case ValueType::float32: return shortest(v.f, true);
    case ValueType::float64: return shortest(v.f, false);
    case ValueType::boolean: return v.b ? "true" : "false";
    case ValueType::string: return quoted(v.s, 60);
    case ValueType::array: {
      constexpr std::size_t kShown = 6;
      std::string out = "[";
      for (std::size_t k = 0; k < v.array.size() && k < kShown; ++k) {
        if (k > 0) out += ", ";
        out += v.array[k].type == ValueType::string ? quoted(v.array[k].s, 20) : value_text(v.array[k]);
      }
      if (v.array_length > kShown || v.array_length > v.array.size()) out += v.array.empty() ? "..." : ", ...";
      return out + "]";
    }
  }
  return "?";
}

std::string type_text(const MetadataValue& v) {
  if (v.type != ValueType::array) return gguf::value_type_name(v.type);
  return std::string("[") + gguf::value_type_name(v.array_type) + " x " + grouped(v.array_length) + "]";
}

std::string type_name(std::uint32_t id) {
  const char* n = gguf::ggml_type_name(id);
  return n ? n : "type " + std::to_string(id);
}

std::string shape_text(const TensorInfo& t) {
  std::string out = "[";
  for (std::size_t k = 0; k < t.dims.size(); ++k) out += (k ? ", " : "") + std::to_string(t.dims[k]);
  return out + "]";
}

void render_header(std::string& out, const GgufFile& f, bool list_tensors) {
  out += "GGUF file " + f.file_name + "\n";
  out += "  version " + std::to_string(f.version) + ", " + (f.big_endian ? "big-endian" : "little-endian") + ", " +
         grouped(f.file_size) + " bytes\n";
  out += "  " + grouped(f.kv_count) + " metadata entries, " + grouped(f.tensor_count) + " tensors, alignment " +
         std::to_string(f.alignment) + "\n";
  out += "  tensor infos at [" + grouped(f.tensor_info_offset) + ", " + grouped(f.tensor_info_end) +
         "), tensor data at " + grouped(f.data_offset) + "\n\n";

  std::size_t key_width = 3;
  for (const MetadataEntry& e : f.metadata) key_width = std::max(key_width, std::min<std::size_t>(e.key.size(), 48));
  std::size_t type_width = 4;
  for (const MetadataEntry& e : f.metadata) type_width = std::max(type_width, type_text(e.value).size());
  out += "  " + pad_right("KEY", key_width) + "  " + pad_right("TYPE", type_width) + "  VALUE\n";
  for (const MetadataEntry& e : f.metadata)
    out += "  " + pad_right(e.key, key_width) + "  " + pad_right(type_text(e.value), type_width) + "  " +
           value_text(e.value) + "\n";

  if (list_tensors && !f.tensors.empty()) {
    std::size_t name_width = 4;
    for (const TensorInfo& t : f.tensors) name_width = std::max(name_width, t.name.size());
    out += "\n  " + pad_left("#", 5) + "  " + pad_right("NAME", name_width) + "  " + pad_right("TYPE", 10) + "  " +
           pad_right("SHAPE", 26) + "  " + pad_left("OFFSET", 16) + "  " + pad_left("BYTES", 16) + "\n";
    for (std::size_t k = 0; k < f.tensors.size(); ++k) {
      const TensorInfo& t = f.tensors[k];
      out += "  " + pad_left(std::to_string(k), 5) + "  " + pad_right(t.name, name_width) + "  " +
             pad_right(type_name(t.type), 10) + "  " + pad_right(shape_text(t), 26) + "  " +
             pad_left(grouped(t.offset), 16) + "  " + pad_left(grouped(t.nbytes), 16) + "\n";
    }
  }
  out += "\n";
}

const MetadataValue* find_in(const std::vector<GgufFile>& shards, const std::string& key) {
  for (const GgufFile& f : shards)
    if (const MetadataValue* v = f.find(key)) return v;
  return nullptr;
}

void render_summary(std::string& out, const std::vector<GgufFile>& shards) {
  const MetadataValue* arch = find_in(shards, "general.architecture");
  const MetadataValue* name = find_in(shards, "general.name");
  const MetadataValue* ft = find_in(shards, "general.file_type");
  std::uint64_t tensors = 0, params = 0, size = 0, header = 0, bytes = 0;
  struct Row {
    std::uint64_t count = 0, parameters = 0, bytes = 0;
  };
  std::map<std::uint32_t, Row> by_type;
  for (const GgufFile& f : shards) {
    tensors += f.tensor_count;
    params += gguf::parameter_count(f);
    size += gguf::model_size(f);
    header += f.data_offset;
    bytes += f.file_size;
    for (const TensorInfo& t : f.tensors) {
      Row& r = by_type[t.type];
      ++r.count;
      r.parameters += gguf::tensor_elements(t);
      r.bytes += t.nbytes;
    }
  }
  out += "Model\n";
  out += "  architecture  " + (arch && arch->type == ValueType::string ? arch->s : std::string("(none)")) + "\n";
  if (name && name->type == ValueType::string) out += "  name          " + name->s + "\n";
  if (ft) {
    std::optional<std::uint64_t> id = gguf::as_uint64(*ft);
    const char* n = id ? gguf::ggml_file_type_name(*id) : nullptr;
    out += "  file type     " + std::string(n ? n : "unknown") + (id ? " (" + std::to_string(*id) + ")" : "") + "\n";
  }
  if (shards.size() > 1) out += "  shards        " + std::to_string(shards.size()) + "\n";
  out += "  tensors       " + grouped(tensors) + "\n";
  out += "  parameters    " + grouped(params) + "\n";
  out += "  file size     " + format_gguf_bytes(bytes) + " (" + grouped(bytes) + " bytes)\n";
  out += "  model size    " + format_gguf_bytes(size) + " (" + grouped(size) + " bytes)\n";
  out += "  header bytes  " + grouped(header) + "\n";
  if (params > 0) {
    char bpw[32];
    std::snprintf(bpw, sizeof bpw, "%.2f", static_cast<double>(size) * 8.0 / static_cast<double>(params));
    out += "  BPW           " + std::string(bpw) + "\n";
  }
  out += "\n  " + pad_right("TYPE", 10) + "  " + pad_left("TENSORS", 8) + "  " + pad_left("PARAMETERS", 18) + "  " +
         pad_left("BYTES", 18) + "\n";
  for (const auto& [id, r] : by_type)
    out += "  " + pad_right(type_name(id), 10) + "  " + pad_left(grouped(r.count), 8) + "  " +
           pad_left(grouped(r.parameters), 18) + "  " + pad_left(format_gguf_bytes(r.bytes), 18) + "\n";
}

std::string device_row(const std::string& label, const std::string& layers, const gguf::DeviceEstimate& d) {
  return "  " + pad_right(label, 14) + "  " + pad_left(layers, 6) + "  " + pad_left(format_gguf_bytes(d.uma), 12) +
         "  " + pad_left(format_gguf_bytes(d.nonuma), 12) + "\n";
}

}  // namespace

std::string format_gguf_bytes(unsigned long long bytes) {
  if (bytes == 0) return "0 B";
  struct Unit {
    const char* name;
    double base;
  };
  static const Unit kUnits[] = {
      {"PiB", 1125899906842624.0}, {"PB", 1e15}, {"TiB", 1099511627776.0}, {"TB", 1e12}, {"GiB", 1073741824.0},
      {"GB", 1e9},                 {"MiB", 1048576.0}, {"MB", 1e6},        {"KiB", 1024.0}, {"KB", 1e3},
  };
  double v = static_cast<double>(bytes);
  for (const Unit& u : kUnits) {
    if (v < u.base) continue;
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f", v / u.base);
    std::string s = buf;
    if (s.size() > 3 && s.compare(s.size() - 3, 3, ".00") == 0) s.resize(s.size() - 3);
    return s + " " + u.name;
  }
  return std::to_string(bytes) + " B";
}

std::string render_gguf_text(const std::vector<GgufFile>& shards, bool list_tensors) {
  std::string out;
  for (const GgufFile& f : shards) render_header(out, f, list_tensors);
  render_summary(out, shards);
  return out;
}

std::string render_estimate_text(const gguf::Estimate& e) {
  std::string out = "Estimate: " + (e.architecture.empty() ? std::string("?") : e.architecture);
  if (e.context_size) out += ", context " + std::to_string(*e.context_size);
  out += std::string(", flash attention ") + (e.flash_attention ? "on" : "off") + ", mmap " + (e.no_mmap ? "off" : "on");
  if (e.logical_batch_size && e.physical_batch_size)
    out += ", batch " + std::to_string(*e.logical_batch_size) + "/" + std::to_string(*e.physical_batch_size);
  out += "\n";
  for (const gguf::EstimateItem& item : e.items) {
    out += "\n  offload layers " + std::to_string(item.offload_layers) + (item.full_offloaded ? " (full)" : "") + "\n";
    out += "  " + pad_right("DEVICE", 14) + "  " + pad_left("LAYERS", 6) + "  " + pad_left("UMA", 12) + "  " +
           pad_left("NONUMA", 12) + "\n";
    const gguf::DeviceEstimate& ram = item.ram;
    out += device_row("RAM", std::to_string(1 + ram.handle_layers + (ram.handle_output_layer ? 1 : 0)), ram);
    for (const gguf::DeviceEstimate& d : item.vrams)
      out += device_row((d.remote ? "RPC " : "VRAM ") + std::to_string(d.position),
                        std::to_string(d.handle_layers + (d.handle_output_layer ? 1 : 0)), d);
  }
  return out;
}

}  // namespace placement::cli
