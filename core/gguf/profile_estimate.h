// The built-in estimator as the GGUF fit calls it: a gguf-parser query answered from a scenario's
// estimates.gguf_profile, with the model's backend parameters flowing in as GPUStack passes them
// (context size default 8192, -ngl, flash attention, cache types, ...).
#pragma once

#include <optional>

#include "gguf/estimate_items.h"
#include "scenario/types.h"

namespace placement::gguf {

// nullopt when the profile cannot answer (the caller then reports the query as missing).
// Throws placement::InputError (pointer under /estimates/gguf_profile) on a malformed profile.
std::optional<Estimate> estimate_from_profile(const Json& profile, const Query& query, const Model& model);

}  // namespace placement::gguf
