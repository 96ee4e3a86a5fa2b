// Placeholder until the built-in estimator lands.
#include "gguf/profile_estimate.h"

namespace placement::gguf {

std::optional<Estimate> estimate_from_profile(const Json&, const Query&, const Model&) { return std::nullopt; }

}  // namespace placement::gguf
