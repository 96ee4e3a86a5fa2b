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
  // For published sizes: what the figure measures (tensor_bytes: a safetensors index's
  // metadata.total_size; file_bytes: the weight files' sizes, headers included) and where it is
  // published (a URL, github:owner/repo/path@commit, or the project's seed file).
  std::optional<std::string> weights_measure;
  std::optional<std::string> weights_ref;
  std::optional<long long> parameters;     // the model page's parameter count (required for derived sizes)
  std::optional<std::string> note;
  std::string source;                      // the model page URL
};

const std::vector<CatalogueModel>& model_catalogue();

// Hugging Face and ModelScope repo ids name the same repo whatever their ASCII case.
bool same_repo_id(std::string_view a, std::string_view b);

// Lookup by Hugging Face id, then by ModelScope id, compared by same_repo_id.
const CatalogueModel* find_catalogue_model(std::string_view id);

}  // namespace placement
