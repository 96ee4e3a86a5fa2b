#include "gguf/gguf_json.h"

#include <map>

#include "gguf/ggml_types.h"

namespace placement::gguf {

Json metadata_value_to_json(const MetadataValue& v) {
  switch (v.type) {
    case ValueType::uint8: case ValueType::uint16: case ValueType::uint32: case ValueType::uint64: return v.u;
    case ValueType::int8: case ValueType::int16: case ValueType::int32: case ValueType::int64: return v.i;
    case ValueType::float32: case ValueType::float64: return v.f;
    case ValueType::boolean: return v.b;
    case ValueType::string: return v.s;
    case ValueType::array: {
      Json items = Json::array();
      for (const MetadataValue& e : v.array) items.push_back(metadata_value_to_json(e));
      return items;
    }
  }
  return nullptr;
}

namespace {

Json metadata_entry_to_json(const MetadataEntry& e) {
  Json j{{"key", e.key}, {"type", value_type_name(e.value.type)}, {"type_id", static_cast<int>(e.value.type)}};
  if (e.value.type == ValueType::array) {
    j["element_type"] = value_type_name(e.value.array_type);
    j["element_type_id"] = static_cast<int>(e.value.array_type);
    j["length"] = e.value.array_length;
    j["first"] = metadata_value_to_json(e.value);
  } else {
    j["value"] = metadata_value_to_json(e.value);
  }
  j["offset"] = e.offset;
  return j;
}

Json tensor_to_json(const TensorInfo& t) {
  const char* type = ggml_type_name(t.type);
  return Json{{"name", t.name},
              {"type", type ? Json(type) : Json(nullptr)},
              {"type_id", t.type},
              {"n_dims", t.dims.size()},
              {"shape", t.dims},
              {"offset", t.offset},
              {"bytes", t.nbytes}};
}

const MetadataValue* find_in(const std::vector<GgufFile>& shards, const std::string& key) {
  for (const GgufFile& f : shards)
    if (const MetadataValue* v = f.find(key)) return v;
  return nullptr;
}

}  // namespace

Json gguf_file_to_json(const GgufFile& f) {
  Json metadata = Json::array();
  for (const MetadataEntry& e : f.metadata) metadata.push_back(metadata_entry_to_json(e));
  Json tensors = Json::array();
  for (const TensorInfo& t : f.tensors) tensors.push_back(tensor_to_json(t));
  return Json{{"file", f.file_name},
              {"file_size", f.file_size},
              {"version", f.version},
              {"little_endian", !f.big_endian},
              {"tensor_count", f.tensor_count},
              {"kv_count", f.kv_count},
              {"metadata", std::move(metadata)},
              {"tensors", std::move(tensors)},
              {"alignment", f.alignment},
              {"tensor_data_offset", f.data_offset},
              {"tensor_info_byte_range", Json::array({f.tensor_info_offset, f.tensor_info_end})},
              {"parameter_count", parameter_count(f)},
              {"model_size", model_size(f)}};
}

Json gguf_model_summary_json(const std::vector<GgufFile>& shards) {
  Json j = Json::object();
  const MetadataValue* arch = find_in(shards, "general.architecture");
  const MetadataValue* name = find_in(shards, "general.name");
  j["architecture"] = arch && arch->type == ValueType::string ? Json(arch->s) : Json(nullptr);
  j["name"] = name && name->type == ValueType::string ? Json(name->s) : Json(nullptr);
  const MetadataValue* ft = find_in(shards, "general.file_type");
  std::optional<std::uint64_t> ft_id = ft ? as_uint64(*ft) : std::nullopt;
  const char* ft_name = ft_id ? ggml_file_type_name(*ft_id) : nullptr;
  j["file_type"] = ft_id ? Json(*ft_id) : Json(nullptr);
  j["file_type_name"] = ft_name ? Json(ft_name) : Json(nullptr);
  j["shards"] = shards.size();

  std::uint64_t tensors = 0, params = 0, size = 0, header = 0, file_bytes = 0;
  struct TypeRow {
    std::uint64_t count = 0, parameters = 0, bytes = 0;
  };
  std::map<std::uint32_t, TypeRow> by_type;  // ordered by id: deterministic output
  for (const GgufFile& f : shards) {
    tensors += f.tensor_count;
    params += parameter_count(f);
    size += model_size(f);
    header += f.data_offset;
    file_bytes += f.file_size;
    for (const TensorInfo& t : f.tensors) {
      TypeRow& row = by_type[t.type];
      ++row.count;
      row.parameters += tensor_elements(t);
      row.bytes += t.nbytes;
    }
  }
  j["tensor_count"] = tensors;
  j["parameter_count"] = params;
  j["model_size"] = size;
  j["header_bytes"] = header;
  j["file_size"] = file_bytes;
  j["bpw"] = params > 0 ? Json(static_cast<double>(size) * 8.0 / static_cast<double>(params)) : Json(nullptr);
  Json types = Json::array();
  for (const auto& [id, row] : by_type) {
    const char* type = ggml_type_name(id);
    types.push_back(Json{{"type", type ? Json(type) : Json(nullptr)},
                         {"type_id", id},
                         {"count", row.count},
                         {"parameters", row.parameters},
                         {"bytes", row.bytes}});
  }
  j["tensor_types"] = std::move(types);
  return j;
}

}  // namespace placement::gguf
