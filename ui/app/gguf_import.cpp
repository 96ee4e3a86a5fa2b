#include "app/gguf_import.h"

#include <vector>

#include "app/scenario_text.h"
#include "gguf/model_profile.h"
#include "gguf/reader.h"

namespace placement::ui {

namespace {

bool ends_with_gguf(const Json& v) {
  if (!v.is_string()) return false;
  const std::string& s = v.get_ref<const std::string&>();
  return s.size() >= 5 && s.compare(s.size() - 5, 5, ".gguf") == 0;
}

// The model must be a GGUF model for the profile to be used (scenario.md: "a model is GGUF when
// its file name / path ends in .gguf"). Returns what was changed, or "".
std::string make_model_gguf(Json& model, const std::string& file_name) {
  const std::string source = model.value("source", std::string("huggingface"));
  const char* field = source == "model_scope" ? "model_scope_file_path" : source == "local_path" ? "local_path" : "huggingface_filename";
  if (model.contains(field) && ends_with_gguf(model[field])) return "";
  std::string value = file_name;
  if (source == "local_path" && model.contains(field) && model[field].is_string()) {
    const std::string& old = model[field].get_ref<const std::string&>();
    std::size_t slash = old.rfind('/');
    if (slash != std::string::npos) value = old.substr(0, slash + 1) + file_name;
  }
  model[field] = value;
  return std::string("model.") + field + " set to " + value;
}

}  // namespace

GgufOutcome apply_gguf_prefix(const Json& scenario, const std::string& bytes, std::uint64_t file_size,
                              const std::string& file_name) {
  GgufOutcome out;
  const std::string who = file_name.empty() ? std::string("the GGUF file") : file_name;
  if (file_size < bytes.size()) {
    out.message = who + ": the file size (" + std::to_string(file_size) + ") is smaller than the bytes given (" +
                  std::to_string(bytes.size()) + ")";
    return out;
  }
  gguf::PrefixResult prefix;
  try {
    prefix = gguf::read_gguf_prefix(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), file_size);
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
  Json profile;
  try {
    profile = gguf::profile_to_json(gguf::profile_from_gguf(std::vector<gguf::GgufFile>{prefix.file}));
  } catch (const std::exception& e) {
    out.message = who + ": no model profile could be made from the header: " + e.what();
    return out;
  }
  Json doc = scenario;
  if (!doc.contains("model") || !doc["model"].is_object()) doc["model"] = Json::object();
  std::string changed = make_model_gguf(doc["model"], file_name.empty() ? std::string("model.gguf") : file_name);
  if (!doc.contains("estimates") || !doc["estimates"].is_object()) doc["estimates"] = Json::object();
  Json& est = doc["estimates"];
  // Recorded gguf-parser answers describe the previous file; the profile replaces them.
  const bool dropped = est.contains("gguf_parser");
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
  if (!changed.empty()) out.message += "; " + changed;
  if (dropped) out.message += "; recorded gguf_parser estimates removed";
  return out;
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
