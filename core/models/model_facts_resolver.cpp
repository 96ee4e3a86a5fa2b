#include "models/model_facts_resolver.h"

#include "fit/common/shared_rules.h"
#include "models/model_catalogue.h"
#include "models/weights_formula.h"

namespace placement {

namespace {

std::string model_repo(const ModelSource& s) {
  switch (s.kind) {
    case SourceKind::huggingface: return s.huggingface_repo_id.value_or("");
    case SourceKind::model_scope: return s.model_scope_model_id.value_or("");
    case SourceKind::local_path: return {};
  }
  return {};
}

std::optional<std::string> first_architecture(const Json& config) {
  if (!config.is_object() || !config.contains("architectures") || !config["architectures"].is_array()) return std::nullopt;
  for (const Json& a : config["architectures"])
    if (a.is_string()) return a.get<std::string>();
  return std::nullopt;
}

std::optional<std::string> gguf_architecture(const std::optional<Json>& profile) {
  if (!profile || !profile->is_object()) return std::nullopt;
  auto it = profile->find("architecture");
  if (it != profile->end() && it->is_string()) return it->get<std::string>();
  return std::nullopt;
}

// A config.json's `_name_or_path` (what transformers writes) naming a repo other than the model's.
std::optional<std::string> other_repo(const std::optional<Json>& config, const std::string& repo) {
  if (repo.empty() || !config || !config->is_object()) return std::nullopt;
  auto it = config->find("_name_or_path");
  if (it == config->end() || !it->is_string()) return std::nullopt;
  const std::string named = it->get<std::string>();
  if (named.find('/') == std::string::npos || named.front() == '/' || named.front() == '.') return std::nullopt;  // a local path
  if (same_repo_id(named, repo)) return std::nullopt;
  return named;
}

std::string refusal_text(const std::string& repo) {
  const std::string what = repo.empty() ? std::string("this model") : repo;
  return "no model facts for " + what +
         ": the built-in catalogue does not know it and the scenario gives no estimates; add "
         "estimates.weights_bytes (total bytes of the weight files) and estimates.config (the model's "
         "config.json fields) to the scenario, or load a GGUF file (estimates.gguf_profile)";
}

void resolve_gguf(const Scenario& s, ModelFacts& f) {
  f.source = s.estimates.gguf_profile ? "gguf_profile" : !s.estimates.gguf_parser.empty() ? "scenario" : "none";
  f.architecture = gguf_architecture(s.estimates.gguf_profile);
}

}  // namespace

ResolvedFacts resolve_model_facts(const Scenario& s) {
  ResolvedFacts r;
  ModelFacts& f = r.facts;
  f.repo = model_repo(s.model.source);
  const Estimates& e = s.estimates;
  f.made_for = other_repo(e.config, f.repo);
  if (is_gguf(s.model)) {
    resolve_gguf(s, f);
    return r;
  }
  if (e.config) f.architecture = first_architecture(*e.config);
  if (e.weights_bytes) {
    f.source = "scenario";
    f.weights_bytes = e.weights_bytes;
    return r;
  }
  if (e.config) {
    // A config alone: derive the weights from it when it is complete enough and no numeric
    // GPUSTACK_MODEL_VRAM_CLAIM replaces them; else the fit reports what is missing as before.
    f.source = "scenario";
    if (env_vram_claim(s.model)) return r;
    if (auto derived = weights_from_config(*e.config)) {
      f.source = "config";
      f.weights_bytes = derived;
      r.filled = e;
      r.filled->weights_bytes = derived;
    }
    return r;
  }
  if (const CatalogueModel* m = find_catalogue_model(f.repo)) {
    f.source = "catalogue";
    f.architecture = first_architecture(m->config);
    f.weights_bytes = m->weights_bytes;
    f.catalogue_page = m->source;
    r.filled = e;
    r.filled->weights_bytes = m->weights_bytes;
    r.filled->config = m->config;
    return r;
  }
  f.source = "none";
  // A numeric GPUSTACK_MODEL_VRAM_CLAIM stands in for the weights; the fit says what else it needs.
  if (!env_vram_claim(s.model)) r.refusal = refusal_text(f.repo);
  return r;
}

Json model_facts_json(const ModelFacts& f) {
  Json j{{"source", f.source},
         {"repo", f.repo.empty() ? Json(nullptr) : Json(f.repo)},
         {"architecture", f.architecture ? Json(*f.architecture) : Json(nullptr)},
         {"weights_bytes", f.weights_bytes ? Json(*f.weights_bytes) : Json(nullptr)}};
  if (f.catalogue_page) j["catalogue_page"] = *f.catalogue_page;
  if (f.made_for) j["estimates_made_for"] = *f.made_for;
  return j;
}

std::string estimates_mismatch_text(const ModelFacts& f) {
  if (!f.made_for) return {};
  return "the scenario's estimates were made for " + *f.made_for + ", not for " + f.repo +
         ": the size and config.json fields used here are another model's";
}

}  // namespace placement
