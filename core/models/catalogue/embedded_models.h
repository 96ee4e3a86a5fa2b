// The model-facts catalogue as compiled in (cmake/embed_model_catalogue.cmake writes the definition
// from hf-models.json beside this header; README.md names its sources).
#pragma once

#include <string_view>

namespace placement::models::catalogue {

std::string_view hf_models_json();  // hf-models.json

}  // namespace placement::models::catalogue
