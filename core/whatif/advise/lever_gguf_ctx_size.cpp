// GGUF --ctx-size: gguf-parser's KV cache and compute buffers grow with the context GPUStack
// passes it (--ctx-size from backend_parameters, else 8192; scheduler-rules.md §3.2), so a shorter
// context can fit where the current one does not. The largest that fits: halve from the current
// value until one fits, then bisect between it and the last that did not, on a 256-token grid
// (below 256 tokens a context is no useful setting).
//
// Only a scenario whose estimates the built-in estimator can recompute for another context — one
// with a GGUF profile (estimates.gguf_profile, read from the file's header) — gets this lever.
// Recorded gguf-parser outputs are keyed by (offload, tensor split, rpc) and were made for the
// context now set, so a changed context cannot be verified with them: the patch removes them and
// every query of the changed scenario is estimated from the header. A scenario with recorded
// outputs only gets nothing from this lever.
#include <algorithm>

#include "gguf/gpustack_parser_call.h"
#include "scenario/errors.h"
#include "whatif/advise/levers.h"
#include "whatif/json_patch.h"

namespace placement::whatif {

namespace {
constexpr long long kGrid = 256;
const char* const kSpellings[] = {"--ctx-size", "-c"};

// The context gguf-parser is given with these backend parameters (GPUStack's argparse reading; a
// value ≤ 0 means the model's training context, the profile's context_length).
long long context_of(const std::vector<std::string>& params, long long trained) {
  const long long v = gguf::gpustack_parser_options(params).ctx_size.value_or(8192);
  return v > 0 ? v : trained;
}

std::vector<std::string> parameters_of(const Json& doc) {
  std::vector<std::string> out;
  const Json& m = doc.at("model");
  if (!m.contains("backend_parameters") || !m.at("backend_parameters").is_array()) return out;
  for (const Json& e : m.at("backend_parameters"))
    if (e.is_string()) out.push_back(e.get<std::string>());
  return out;
}

struct Context {
  long long now = 0;
  const char* flag = "--ctx-size";  // the spelling the backend parameters use (added when absent)
  std::string given;  // the value as written, empty when absent
  long long trained = 0;
  bool drops_recorded = false;
};

class CtxSearch {
 public:
  CtxSearch(Search& s, const Context& c) : s_(s), c_(c) {}

  // The patch setting the context to `v`, or null when GPUStack would not read `v` from it (a
  // parameter list argparse rejects keeps every default).
  Json patch_for(long long v) const {
    Json patch = set_backend_parameter_patch(s_.document(), c_.flag, std::to_string(v));
    if (c_.drops_recorded) patch.push_back(Json{{"op", "remove"}, {"path", "/estimates/gguf_parser"}});
    try {
      if (context_of(parameters_of(apply_patch(s_.document(), patch)), c_.trained) != v) return nullptr;
    } catch (const InputError&) {
      return nullptr;
    }
    return patch;
  }

  std::optional<Candidate> try_value(long long v, Json& patch) {
    patch = patch_for(v);
    if (patch.is_null()) return std::nullopt;
    return s_.fits(patch);
  }

 private:
  Search& s_;
  const Context& c_;
};

std::string now_text(const Context& c) {
  const std::string tokens = std::to_string(c.now);
  if (c.given.empty()) return tokens + ", GPUStack's default";
  if (c.given == tokens) return tokens;
  return c.given + ", which means " + tokens;  // a value ≤ 0: the model's training context
}

std::string summary_of(const Context& c, long long fit) {
  std::string out = std::string("set ") + c.flag + " to " + std::to_string(fit) + " (now " + now_text(c) + ")";
  if (c.drops_recorded) out += "; estimated from the GGUF header, the recorded gguf-parser outputs (made for the current context) dropped";
  return out;
}
}  // namespace

void lever_gguf_ctx_size(Search& s) {
  const Scenario& sc = s.scenario();
  if (!is_gguf(sc.model) || !sc.estimates.gguf_profile) return;
  Context c;
  const Json& profile = *sc.estimates.gguf_profile;
  if (profile.is_object() && profile.contains("context_length") && profile["context_length"].is_number_integer())
    c.trained = profile["context_length"].get<long long>();
  c.now = context_of(sc.model.backend_parameters, c.trained);
  for (const char* flag : kSpellings)
    if (auto v = backend_parameter_value(s.document(), flag)) {
      c.flag = flag;
      c.given = *v;
      break;
    }
  c.drops_recorded = !sc.estimates.gguf_parser.empty();
  if (c.now <= kGrid) return;

  CtxSearch search(s, c);
  long long fit = 0, miss = c.now;
  Json patch;
  std::optional<Candidate> winner;
  for (long long v = c.now / 2 / kGrid * kGrid; v >= kGrid && !s.exhausted(); v = v / 2 / kGrid * kGrid) {
    if ((winner = search.try_value(v, patch))) {
      fit = v;
      break;
    }
    miss = v;
  }
  if (!fit) return;
  while (miss - fit > kGrid && !s.exhausted()) {
    const long long mid = std::max(fit + kGrid, (fit + miss) / 2 / kGrid * kGrid);
    if (mid >= miss) break;
    Json p;
    if (auto w = search.try_value(mid, p)) {
      fit = mid, patch = p, winner = w;
    } else {
      miss = mid;
    }
  }
  s.suggest("gguf_ctx_size", summary_of(c, fit), patch, *winner, CostClass::parameter,
            1.0 - static_cast<double>(fit) / static_cast<double>(c.now));
}

}  // namespace placement::whatif
