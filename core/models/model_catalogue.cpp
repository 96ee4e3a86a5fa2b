#include "models/model_catalogue.h"

#include <algorithm>

#include "models/catalogue/embedded_models.h"
#include "share/ascii_case.h"

namespace placement {

namespace {

CatalogueModel parse_entry(const Json& j) {
  CatalogueModel m;
  m.repo = j.at("repo").get<std::string>();
  if (j.contains("modelscope")) m.modelscope = j["modelscope"].get<std::string>();
  m.family = j.at("family").get<std::string>();
  m.categories = j.at("categories").get<std::vector<std::string>>();
  m.config = j.at("config");
  m.weights_bytes = j.at("weights_bytes").get<Bytes>();
  m.weights_source = j.at("weights_source").get<std::string>();
  if (j.contains("weights_measure")) m.weights_measure = j["weights_measure"].get<std::string>();
  if (j.contains("weights_ref")) m.weights_ref = j["weights_ref"].get<std::string>();
  if (j.contains("parameters")) m.parameters = j["parameters"].get<long long>();
  if (j.contains("note")) m.note = j["note"].get<std::string>();
  m.source = j.at("source").get<std::string>();
  return m;
}

std::vector<CatalogueModel> parse_catalogue() {
  std::vector<CatalogueModel> out;
  const Json doc = Json::parse(models::catalogue::hf_models_json());
  for (const Json& j : doc.at("models")) out.push_back(parse_entry(j));
  return out;
}

}  // namespace

bool same_repo_id(std::string_view a, std::string_view b) {
  return share::ascii_iequals(a, b);
}

const std::vector<CatalogueModel>& model_catalogue() {
  static const std::vector<CatalogueModel> models = parse_catalogue();
  return models;
}

const CatalogueModel* find_catalogue_model(std::string_view id) {
  if (id.empty()) return nullptr;
  const auto& all = model_catalogue();
  for (const auto& m : all)
    if (same_repo_id(m.repo, id)) return &m;
  for (const auto& m : all)
    if (m.modelscope && same_repo_id(*m.modelscope, id)) return &m;
  return nullptr;
}

}  // namespace placement
