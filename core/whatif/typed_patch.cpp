#include "whatif/typed_patch.h"

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

class TypedPatch {
 public:
  TypedPatch(const Json& document, const Scenario& scenario) : doc_(document), base_(scenario) {}

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
    if (head == "workers") return workers_.start(doc_, "workers") && apply_element(workers_, "workers", op, kind, path, *p);
    if (head == "model_instances")
      return instances_.start(doc_, "model_instances") && apply_element(instances_, "model_instances", op, kind, path, *p);
    return false;
  }

  std::optional<Scenario> build() const {
    Scenario s;
    if (workers_.entries) {
      s.workers = load_all<Worker>(*workers_.entries, base_.workers, "workers", load_worker);
      if (s.workers.size() > limits::kMaxWorkers || has_duplicates(s.workers)) return std::nullopt;
      for (const Worker& w : s.workers)
        if (auto warning = unknown_worker_state_warning(w)) s.warnings.push_back(std::move(*warning));
    } else {
      s.workers = base_.workers;
      s.warnings = base_.warnings;
    }
    if (model_) {
      if (model_->is_null()) return std::nullopt;
      s.model = load_model(*model_, "/model");
    } else {
      s.model = base_.model;
    }
    if (instances_.entries) {
      s.model_instances = load_all<ModelInstance>(*instances_.entries, base_.model_instances, "model_instances", load_instance);
      if (s.model_instances.size() > limits::kMaxModelInstances) return std::nullopt;
    } else {
      s.model_instances = base_.model_instances;
    }
    s.model_files = base_.model_files;
    s.estimates = base_.estimates;
    s.inference_backends = base_.inference_backends;
    s.scale_down = base_.scale_down;
    s.skip_evaluation = base_.skip_evaluation;
    s.candidates = base_.candidates;
    return s;
  }

 private:
  bool apply_model(const Json& op, const std::string& kind, const std::string& path, const Path& p) {
    if (p.tokens.size() == 1) {
      if (kind == "remove") return false;
      model_ = op["value"];
      return true;
    }
    if (!model_) {
      if (!doc_.contains("model")) return false;
      model_ = doc_["model"];
    }
    model_ = apply_patch(*model_, rebased(op, path, p, 1));
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

  template <class T, class Load>
  static std::vector<T> load_all(const std::vector<Entry>& entries, const std::vector<T>& base, const std::string& key, Load load) {
    std::vector<T> out;
    out.reserve(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i)
      out.push_back(entries[i].json ? load(*entries[i].json, "/" + key + "/" + std::to_string(i)) : base[entries[i].origin]);
    return out;
  }

  static bool has_duplicates(const std::vector<Worker>& workers) {
    std::set<std::int64_t> ids;
    std::set<std::string> names;
    for (const Worker& w : workers)
      if (!ids.insert(w.id).second || !names.insert(w.name).second) return true;
    return false;
  }

  const Json& doc_;
  const Scenario& base_;
  std::optional<Json> model_;
  Section workers_;
  Section instances_;
};

}  // namespace

std::optional<Scenario> patch_scenario(const Json& document, const Scenario& scenario, const Json& patch) {
  if (!document.is_object() || !patch.is_array()) return std::nullopt;
  TypedPatch typed(document, scenario);
  for (const Json& op : patch)
    if (!typed.apply(op)) return std::nullopt;
  return typed.build();
}

}  // namespace placement::whatif
