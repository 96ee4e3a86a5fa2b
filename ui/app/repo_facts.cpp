#include "app/repo_facts.h"

#include "models/model_catalogue.h"

namespace placement::ui {

namespace {

bool ends_with_gguf(const Json& model, const char* key) {
  if (!model.contains(key) || !model[key].is_string()) return false;
  const std::string s = model[key].get<std::string>();
  return s.size() >= 5 && s.compare(s.size() - 5, 5, ".gguf") == 0;
}

bool is_gguf_model(const Json& model) {
  return ends_with_gguf(model, "huggingface_filename") || ends_with_gguf(model, "model_scope_file_path") ||
         ends_with_gguf(model, "local_path");
}

// The repo the estimates' config says it was made for, or "".
std::string named_repo(const Json& estimates) {
  if (!estimates.is_object() || !estimates.contains("config") || !estimates["config"].is_object()) return "";
  const Json& c = estimates["config"];
  return c.contains("_name_or_path") && c["_name_or_path"].is_string() ? c["_name_or_path"].get<std::string>() : "";
}

}  // namespace

Json with_repo(Json scenario, const Json::json_pointer& field, const std::string& repo) {
  const Json& old_value = scenario.contains(field) ? scenario[field] : Json();
  const std::string previous = old_value.is_string() ? old_value.get<std::string>() : "";
  scenario[field] = repo.empty() ? Json(nullptr) : Json(repo);
  const Json& model = scenario["model"];
  if (!model.is_object() || is_gguf_model(model)) return scenario;
  if (!scenario.contains("estimates") || !scenario["estimates"].is_object()) scenario["estimates"] = Json::object();
  Json& est = scenario["estimates"];
  if (const CatalogueModel* m = find_catalogue_model(repo)) {
    est["weights_bytes"] = m->weights_bytes;
    Json config = m->config;
    config["_name_or_path"] = m->repo;
    est["config"] = std::move(config);
    return scenario;
  }
  // Estimates that name no repo describe the previous one when the catalogue knows it (the
  // examples' estimates are those models' facts).
  std::string named = named_repo(est);
  if (named.empty() && find_catalogue_model(previous)) named = previous;
  if (!named.empty() && !same_repo_id(named, repo)) {
    est.erase("weights_bytes");
    est.erase("config");
  }
  return scenario;
}

}  // namespace placement::ui
