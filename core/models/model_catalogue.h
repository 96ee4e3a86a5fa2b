// The built-in model-facts catalogue (docs/model-facts.md): for public Hugging Face repos that
// GPUStack users deploy, the config.json fields the estimators read, the total weight bytes and
// where they come from. Parsed once from the compiled-in core/models/catalogue/hf-models.json.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scenario/types.h"

namespace placement {

struct CatalogueModel {
  std::string repo;                       // Hugging Face id as published
  std::optional<std::string> modelscope;  // the same model's ModelScope id, when known
  std::string family;                     // groups models for the weight-formula test
  std::vector<std::string> categories;
  Json config;  // config.json fields (estimators + weight formula)
  Bytes weights_bytes = 0;
  std::string weights_source;              // published | derived
  std::optional<long long> parameters;     // for derived sizes: the model page's parameter count
  std::optional<std::string> note;
  std::string source;                      // the model page URL
};

const std::vector<CatalogueModel>& model_catalogue();

// Hugging Face and ModelScope repo ids name the same repo whatever their ASCII case.
bool same_repo_id(std::string_view a, std::string_view b);

// Lookup by Hugging Face id, then by ModelScope id, compared by same_repo_id.
const CatalogueModel* find_catalogue_model(std::string_view id);

}  // namespace placement
