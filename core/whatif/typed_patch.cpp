#include "whatif/typed_patch.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "scenario/limits.h"
#include "scenario/scenario_loader.h"
#include "scenario/worker_state.h"
#include "whatif/json_patch.h"

namespace placement::whatif {

namespace {

// An element of a patched array: the base element at `origin` as loaded, or `json` to load.
struct Entry {
  std::size_t origin = 0;
  std::optional<Json> json;
};

// The elements of /workers or /model_instances as the patch leaves them (nullopt: untouched).
struct Section {
  std::optional<std::vector<Entry>> entries;

  bool start(const Json& document, const char* key) {
    if (entries) return true;
    if (!document.contains(key) || !document[key].is_array()) return false;
    entries.emplace();
    for (std::size_t i = 0; i < document[key].size(); ++i) entries->push_back(Entry{i, std::nullopt});
    return true;
  }
};

// An array index as RFC 6901 spells it (no sign, no leading zero).
std::optional<std::size_t> index_token(const std::string& t) {
  if (t.empty() || t.size() > 9 || (t.size() > 1 && t[0] == '0')) return std::nullopt;
  for (char c : t)
    if (c < '0' || c > '9') return std::nullopt;
  return static_cast<std::size_t>(std::stoul(t));
}

// The raw tokens of `path` (escapes kept: they are only compared to names without '~' or used
// as a pointer again) and, per token, where the rest of the path starts.
struct Path {
  std::vector<std::string> tokens;
  std::vector<std::size_t> rest;  // rest[k]: offset of the '/' after token k (or size)
};

std::optional<Path> split(const std::string& path) {
  if (path.empty() || path[0] != '/') return std::nullopt;
  Path p;
  std::size_t start = 1;
  while (true) {
    const std::size_t slash = path.find('/', start);
    const std::size_t end = slash == std::string::npos ? path.size() : slash;
    p.tokens.push_back(path.substr(start, end - start));
    p.rest.push_back(end);
    if (slash == std::string::npos) return p;
    start = slash + 1;
  }
}

// `op` with its path made relative to the first `depth` tokens, as a one-op patch.
Json rebased(const Json& op, const std::string& path, const Path& p, std::size_t depth) {
  Json one = op;
  one["path"] = path.substr(p.rest[depth - 1]);
  return Json::array({std::move(one)});
}

// The patch's ops replayed on the element lists (no scenario changed yet).
class PatchPlan {
 public:
  explicit PatchPlan(const Json& document) : doc_(document) {}

  // False when the op is not one this path takes.
  bool apply(const Json& op) {
    if (!op.is_object() || !op.contains("op") || !op["op"].is_string() || !op.contains("path") || !op["path"].is_string()) return false;
    const std::string kind = op["op"].get<std::string>();
    if (kind != "add" && kind != "remove" && kind != "replace") return false;
    if (kind != "remove" && !op.contains("value")) return false;
    const std::string path = op["path"].get<std::string>();
    const auto p = split(path);
    if (!p) return false;
    const std::string& head = p->tokens[0];
    if (head == "model") return apply_model(op, kind, path, *p);
    if (head == "workers") return workers.start(doc_, "workers") && apply_element(workers, "workers", op, kind, path, *p);
    if (head == "model_instances")
      return instances.start(doc_, "model_instances") && apply_element(instances, "model_instances", op, kind, path, *p);
    return false;
  }

  std::optional<Json> model;
  Section workers;
  Section instances;

 private:
  bool apply_model(const Json& op, const std::string& kind, const std::string& path, const Path& p) {
    if (p.tokens.size() == 1) {
      if (kind == "remove") return false;
      model = op["value"];
      return true;
    }
    if (!model) {
      if (!doc_.contains("model")) return false;
      model = doc_["model"];
    }
    model = apply_patch(*model, rebased(op, path, p, 1));
    return true;
  }

  bool apply_element(Section& section, const char* key, const Json& op, const std::string& kind, const std::string& path, const Path& p) {
    if (p.tokens.size() < 2) return false;
    std::vector<Entry>& entries = *section.entries;
    const auto index = index_token(p.tokens[1]);
    if (p.tokens.size() == 2) {
      if (kind == "add" && p.tokens[1] == "-") {
        entries.push_back(Entry{0, op["value"]});
        return true;
      }
      if (!index || *index > entries.size() || (kind != "add" && *index == entries.size())) return false;
      const auto at = entries.begin() + static_cast<std::ptrdiff_t>(*index);
      if (kind == "remove") entries.erase(at);
      else if (kind == "add") entries.insert(at, Entry{0, op["value"]});
      else *at = Entry{0, op["value"]};
      return true;
    }
    if (!index || *index >= entries.size()) return false;
    Entry& e = entries[*index];
    if (!e.json) e.json = doc_[key][e.origin];
    e.json = apply_patch(*e.json, rebased(op, path, p, 2));
    return true;
  }

  const Json& doc_;
};

template <class T, class Load>
std::vector<T> load_all(const std::vector<Entry>& entries, const std::vector<T>& base, const std::string& key, Load load) {
  std::vector<T> out;
  out.reserve(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i)
    out.push_back(entries[i].json ? load(*entries[i].json, "/" + key + "/" + std::to_string(i)) : base[entries[i].origin]);
  return out;
}

bool has_duplicates(const std::vector<Worker>& workers) {
  std::set<std::int64_t> ids;
  std::set<std::string> names;
  for (const Worker& w : workers)
    if (!ids.insert(w.id).second || !names.insert(w.name).second) return true;
  return false;
}

// The base positions a plan dropped, lowest first, when it only drops elements (else nullopt).
std::optional<std::vector<std::size_t>> only_removals(const std::vector<Entry>& entries, std::size_t base_size) {
  std::vector<std::size_t> removed;
  std::size_t next = 0;
  for (const Entry& e : entries) {
    if (e.json || e.origin < next) return std::nullopt;
    for (; next < e.origin; ++next) removed.push_back(next);
    ++next;
  }
  for (; next < base_size; ++next) removed.push_back(next);
  return removed;
}

}  // namespace

bool ScenarioEdit::apply(const Json& patch) {
  if (!document_.is_object() || !patch.is_array()) return false;
  PatchPlan plan(document_);
  for (const Json& op : patch)
    if (!plan.apply(op)) return false;
  // Everything that can throw or refuse comes before the working scenario changes.
  std::optional<std::vector<Worker>> workers;
  if (plan.workers.entries) {
    workers = load_all<Worker>(*plan.workers.entries, work_.workers, "workers", load_worker);
    if (workers->size() > limits::kMaxWorkers || has_duplicates(*workers)) return false;
  }
  std::optional<Model> model;
  if (plan.model) {
    if (plan.model->is_null()) return false;
    model = load_model(*plan.model, "/model");
  }
  std::optional<std::vector<std::size_t>> removals;
  std::optional<std::vector<ModelInstance>> instances;
  if (plan.instances.entries) {
    removals = only_removals(*plan.instances.entries, work_.model_instances.size());
    if (!removals) {
      instances = load_all<ModelInstance>(*plan.instances.entries, work_.model_instances, "model_instances", load_instance);
      if (instances->size() > limits::kMaxModelInstances) return false;
    }
  }
  if (workers) {
    std::vector<std::string> warnings;
    for (const Worker& w : *workers)
      if (auto warning = unknown_worker_state_warning(w)) warnings.push_back(std::move(*warning));
    warnings_ = std::exchange(work_.warnings, std::move(warnings));
    workers_ = std::exchange(work_.workers, std::move(*workers));
  }
  if (model) model_ = std::exchange(work_.model, std::move(*model));
  if (instances) instances_ = std::exchange(work_.model_instances, std::move(*instances));
  if (removals) {
    for (auto it = removals->rbegin(); it != removals->rend(); ++it) {
      const auto at = work_.model_instances.begin() + static_cast<std::ptrdiff_t>(*it);
      removed_.emplace_back(*it, std::move(*at));
      work_.model_instances.erase(at);
    }
    std::reverse(removed_.begin(), removed_.end());
  }
  return true;
}

void ScenarioEdit::restore() {
  for (auto& [position, instance] : removed_)
    work_.model_instances.insert(work_.model_instances.begin() + static_cast<std::ptrdiff_t>(position), std::move(instance));
  removed_.clear();
  if (instances_) work_.model_instances = std::move(*instances_);
  if (model_) work_.model = std::move(*model_);
  if (workers_) work_.workers = std::move(*workers_);
  if (warnings_) work_.warnings = std::move(*warnings_);
  instances_.reset();
  model_.reset();
  workers_.reset();
  warnings_.reset();
}

std::optional<Scenario> patch_scenario(const Json& document, const Scenario& scenario, const Json& patch) {
  Scenario work = scenario;
  ScenarioEdit edit(work, document);
  if (!edit.apply(patch)) return std::nullopt;
  return Scenario(work);
}

}  // namespace placement::whatif
