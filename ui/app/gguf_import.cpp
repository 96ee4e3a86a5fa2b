#include "app/gguf_import.h"

#include <optional>
#include <vector>

#include "app/scenario_text.h"
#include "gguf/model_profile.h"
#include "gguf/reader.h"
#include "gguf/split_files.h"
#include "gguf/split_model.h"

namespace placement::ui {

namespace {

std::string base_name(const std::string& path) {
  std::size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The model's file, as the scenario names it for its source (scenario.md: "a model is GGUF when
// its file name / path ends in .gguf"): the chosen file (a split model's first shard, which
// llama.cpp and GPUStack load it by). A local path keeps its directory. Returns what changed.
std::string set_model_file(Json& model, const std::string& file_name) {
  const std::string source = model.value("source", std::string("huggingface"));
  const char* field = source == "model_scope" ? "model_scope_file_path" : source == "local_path" ? "local_path" : "huggingface_filename";
  std::string value = file_name;
  if (source != "huggingface" && model.contains(field) && model[field].is_string()) {
    const std::string& old = model[field].get_ref<const std::string&>();
    std::size_t slash = old.rfind('/');
    if (slash != std::string::npos) value = old.substr(0, slash + 1) + file_name;
  }
  if (model.contains(field) && model[field] == value) return "";
  model[field] = value;
  return std::string("model.") + field + " set to " + value;
}

// A GPUStack-style model name ("qwen2.5-7b-instruct") from "Qwen2.5 7B Instruct".
std::string slug(const std::string& text) {
  std::string out;
  for (char c : text) {
    const char l = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    const bool keep = (l >= 'a' && l <= 'z') || (l >= '0' && l <= '9') || l == '.' || l == '_';
    if (keep) out += l;
    else if (!out.empty() && out.back() != '-') out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

// general.name, else general.basename, else the file name without shard suffix and extension.
std::string model_name_of(const gguf::GgufFile& first, const std::string& file_name) {
  for (const char* key : {"general.name", "general.basename"})
    if (const gguf::MetadataValue* v = first.find(key); v != nullptr && v->type == gguf::ValueType::string)
      if (std::string name = slug(v->s); !name.empty()) return name;
  std::string stem = file_name;
  if (std::optional<gguf::SplitName> n = gguf::parse_split_name(stem)) stem = n->prefix + ".gguf";
  if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".gguf") == 0) stem.resize(stem.size() - 5);
  return slug(stem).empty() ? "model" : slug(stem);
}

std::string set_model_name(Json& model, const std::string& name) {
  if (model.value("name", std::string()) == name) return "";
  model["name"] = name;
  return "model.name set to " + name;
}

}  // namespace

GgufHeaderRead read_gguf_header(const std::string& bytes, std::uint64_t file_size, const std::string& file_name) {
  GgufHeaderRead out;
  const std::string who = file_name.empty() ? std::string("the GGUF file") : file_name;
  if (file_size < bytes.size()) {
    out.message = who + ": the file size (" + std::to_string(file_size) + ") is smaller than the bytes given (" +
                  std::to_string(bytes.size()) + ")";
    return out;
  }
  gguf::PrefixResult prefix;
  try {
    prefix = gguf::read_gguf_prefix(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), file_size);
    if (prefix.complete) (void)gguf::read_split_keys(prefix.file);
  } catch (const gguf::GgufError& e) {
    out.message = who + " is not a valid GGUF file: " + e.field() + ": " + e.detail() + " (byte offset " + std::to_string(e.offset()) + ")";
    return out;
  } catch (const std::exception& e) {
    out.message = who + " could not be read: " + e.what();
    return out;
  }
  if (!prefix.complete) {
    if (prefix.bytes_needed <= bytes.size() || prefix.bytes_needed > file_size) {
      out.message = who + ": the reader needs " + std::to_string(prefix.bytes_needed) + " bytes of a " + std::to_string(file_size) +
                    "-byte file (byte offset " + std::to_string(bytes.size()) + ")";
      return out;
    }
    out.status = GgufOutcome::Status::need;
    out.bytes_needed = gguf::next_prefix_size(bytes.size(), prefix.bytes_needed, file_size);
    return out;
  }
  out.status = GgufOutcome::Status::ok;
  out.file = std::move(prefix.file);
  out.file.file_name = file_name.empty() ? std::string("model.gguf") : base_name(file_name);
  return out;
}

GgufOutcome apply_gguf_files(const Json& scenario, std::vector<gguf::GgufFile> files) {
  GgufOutcome out;
  std::vector<gguf::GgufFile> shards;
  try {
    shards = gguf::assemble_shards(std::move(files));
  } catch (const gguf::SplitError& e) {
    out.message = e.what();
    return out;
  }
  const std::string& file_name = shards.front().file_name;
  const std::string who = shards.size() == 1 ? file_name : file_name + " and " + std::to_string(shards.size() - 1) + " more shards";
  Json profile;
  try {
    profile = gguf::profile_to_json(gguf::profile_from_gguf(shards));
  } catch (const std::exception& e) {
    out.message = who + ": no model profile could be made from the header: " + e.what();
    return out;
  }
  Json doc = scenario;
  if (!doc.contains("model") || !doc["model"].is_object()) doc["model"] = Json::object();
  std::vector<std::string> changes = {set_model_name(doc["model"], model_name_of(shards.front(), file_name)),
                                      set_model_file(doc["model"], file_name)};
  if (!doc.contains("estimates") || !doc["estimates"].is_object()) doc["estimates"] = Json::object();
  Json& est = doc["estimates"];
  // Recorded gguf-parser answers describe the previous file; the profile replaces them.
  if (est.contains("gguf_parser")) changes.push_back("recorded gguf_parser estimates removed");
  est.erase("gguf_parser");
  est["gguf_profile"] = std::move(profile);
  std::string error = check_scenario(doc);
  if (!error.empty()) {
    out.message = who + ": the profile does not fit the scenario: " + error;
    return out;
  }
  out.status = GgufOutcome::Status::ok;
  out.document = std::move(doc);
  out.message = who + ": GGUF profile loaded into estimates.gguf_profile";
  for (const std::string& c : changes)
    if (!c.empty()) out.message += "; " + c;
  return out;
}

GgufOutcome apply_gguf_prefix(const Json& scenario, const std::string& bytes, std::uint64_t file_size,
                              const std::string& file_name) {
  GgufHeaderRead read = read_gguf_header(bytes, file_size, file_name);
  if (read.status != GgufOutcome::Status::ok) {
    GgufOutcome out;
    out.status = read.status;
    out.bytes_needed = read.bytes_needed;
    out.message = std::move(read.message);
    return out;
  }
  std::vector<gguf::GgufFile> files;
  files.push_back(std::move(read.file));
  return apply_gguf_files(scenario, std::move(files));
}

std::string gguf_outcome_json(const GgufOutcome& o) {
  switch (o.status) {
    case GgufOutcome::Status::need: return Json{{"status", "need"}, {"bytes", o.bytes_needed}}.dump();
    case GgufOutcome::Status::ok: return Json{{"status", "ok"}}.dump();
    case GgufOutcome::Status::error: break;
  }
  return Json{{"status", "error"}, {"message", o.message}}.dump();
}

}  // namespace placement::ui
