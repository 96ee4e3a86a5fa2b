// Selectors that may have dropped the workers that would fit: a worker_selector label (each key
// alone, then the whole selector), a manual gpu_selector, a pinned backend version.
#include "scenario/errors.h"
#include "whatif/advise/levers.h"

namespace placement::whatif {

namespace {
Json remove_op(const std::string& pointer) { return Json{{"op", "remove"}, {"path", pointer}}; }

void try_removal(Search& s, const std::string& lever, const std::string& pointer, const std::string& summary, double size) {
  const Json patch = Json::array({remove_op(pointer)});
  if (auto w = s.fits(patch)) s.suggest(lever, summary, patch, *w, CostClass::setting, size);
}

const Json* model_member(const Json& doc, const char* key) {
  if (!doc.contains("model") || !doc["model"].is_object() || !doc["model"].contains(key) || doc["model"][key].is_null()) return nullptr;
  return &doc["model"][key];
}
}  // namespace

void lever_selectors(Search& s) {
  const Json& doc = s.document();
  if (const Json* sel = model_member(doc, "worker_selector"); sel && sel->is_object() && !sel->empty()) {
    bool one_key_enough = false;
    for (auto it = sel->begin(); it != sel->end(); ++it) {
      const std::size_t before = s.suggestions().size();
      const std::string value = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
      try_removal(s, "worker_selector", "/model/worker_selector/" + pointer_token(it.key()),
                  "drop the worker_selector label " + it.key() + "=" + value, 1);
      one_key_enough = one_key_enough || s.suggestions().size() > before;
    }
    if (!one_key_enough && sel->size() > 1)
      try_removal(s, "worker_selector", "/model/worker_selector", "drop the whole worker_selector", static_cast<double>(sel->size()));
  }
  if (const Json* gs = model_member(doc, "gpu_selector"); gs && gs->is_object() && gs->contains("gpu_ids") &&
                                                           gs->at("gpu_ids").is_array() && !gs->at("gpu_ids").empty())
    try_removal(s, "gpu_selector", "/model/gpu_selector", "drop the manual GPU selection and let the scheduler choose", 1);
  if (const Json* v = model_member(doc, "backend_version"); v && v->is_string())
    try_removal(s, "backend_version", "/model/backend_version", "unpin backend version " + v->get<std::string>(), 1);
}

}  // namespace placement::whatif
