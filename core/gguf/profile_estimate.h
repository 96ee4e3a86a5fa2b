// The built-in estimator as the GGUF fit calls it: a gguf-parser query answered from a scenario's
// estimates.gguf_profile, with the model's backend parameters flowing in as GPUStack passes them
// (context size default 8192, -ngl, flash attention, cache types, ...).
#pragma once

#include <optional>

#include "gguf/estimate_items.h"
#include "gguf/estimator.h"
#include "gguf/model_profile.h"
#include "scenario/types.h"

namespace placement::gguf {

// nullopt when the profile cannot answer (the caller then reports the query as missing).
// Throws placement::InputError (pointer under /estimates/gguf_profile) on a malformed profile.
std::optional<Estimate> estimate_from_profile(const Json& profile, const Query& query, const Model& model);

// The same answers for many queries: the profile JSON and the backend parameters are read once
// (the GGUF fit asks up to tens of thousands of queries against one profile).
class ProfileEstimator {
 public:
  // Throws placement::InputError (pointer under /estimates/gguf_profile) on a malformed profile.
  ProfileEstimator(const Json& profile, const Model& model);
  std::optional<Estimate> answer(const Query& query) const;

 private:
  ModelProfile profile_;
  EstimatorOptions options_;  // the mutable parameters of GPUStack's command
};

}  // namespace placement::gguf
