// The model-facts stage (docs/model-facts.md): before the fit, decide where the model's size and
// config.json fields come from — the scenario's estimates, a config alone (weights derived), a GGUF
// profile, or the built-in catalogue by repo id — and fill the estimates when the scenario gives
// none. Pure: the scenario is not changed; the filled estimates are returned.
#pragma once

#include <optional>
#include <string>

#include "scenario/types.h"

namespace placement {

struct ModelFacts {
  std::string source;  // catalogue | scenario | config | gguf_profile | none
  std::string repo;    // Hugging Face or ModelScope id; empty for a local path
  std::optional<std::string> architecture;
  std::optional<Bytes> weights_bytes;
  std::optional<std::string> catalogue_page;  // the catalogue entry's source URL
  // The repo the scenario's config says it was made for (`_name_or_path`) when that is another one.
  std::optional<std::string> made_for;
};

struct ResolvedFacts {
  ModelFacts facts;
  std::optional<Estimates> filled;   // the estimates to fit with, when the stage filled any in
  std::optional<std::string> refusal;  // no facts and no estimates: why, and how to give them
};

ResolvedFacts resolve_model_facts(const Scenario& scenario);

// The trace's requirement.model_facts object.
Json model_facts_json(const ModelFacts& facts);

// The warning for estimates made for another repo (empty when they match or nothing says).
std::string estimates_mismatch_text(const ModelFacts& facts);

}  // namespace placement
