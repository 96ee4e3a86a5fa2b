#include "filters/backend_framework_filter.h"

#include <algorithm>

#include "filters/builtin_backend_catalogue.h"

namespace placement::filters {

namespace {

constexpr const char* kCustomBackend = "Custom";
constexpr const char* kAscendVendor = "ascend";
constexpr const char* kCpu = "cpu";

// One device condition GPUStack queries: (GPU type, runtime version, Ascend CANN variant).
struct Condition {
  std::string type;
  std::optional<std::string> runtime;
  std::optional<std::string> variant;
  bool operator==(const Condition&) const = default;
};

// Distinct conditions of a worker, plus `cpu` when it has no GPU or the model offloads to CPU.
// GPUStack collects them in a set (arbitrary order); first-appearance order keeps the trace
// stable. The order never changes the verdict, only the order of the reasons.
std::vector<Condition> conditions_of(const Worker& w, const Model& model) {
  std::vector<Condition> out;
  for (const GpuDevice& gpu : w.gpus) {
    std::optional<std::string> variant;
    if (gpu.vendor == kAscendVendor && gpu.arch_family && !gpu.arch_family->empty()) variant = ascend_cann_variant(*gpu.arch_family);
    // Compared in place: a worker's GPUs mostly share one condition, built once.
    const bool seen = std::any_of(out.begin(), out.end(), [&](const Condition& c) {
      return c.type == gpu.type && c.runtime == gpu.runtime_version && c.variant == variant;
    });
    if (!seen) out.push_back(Condition{gpu.type, gpu.runtime_version, std::move(variant)});
  }
  if (out.empty() || model.cpu_offloading) {
    Condition cpu{kCpu, std::nullopt, std::nullopt};
    if (std::find(out.begin(), out.end(), cpu) == out.end()) out.push_back(cpu);
  }
  return out;
}

using VersionMap = std::vector<std::pair<std::string, VersionConfig>>;

// The version configs visible to the model: the platform row (no owner) merged with the model
// owner's row, whose versions replace same-named ones; other owners' rows are ignored. nullopt
// when the scenario has no visible row for the backend.
std::optional<VersionMap> visible_versions(const Scenario& s, const Model& model, const std::string& backend) {
  if (!s.inference_backends) return std::nullopt;
  const InferenceBackend* platform = nullptr;
  const InferenceBackend* owner = nullptr;
  for (const InferenceBackend& b : *s.inference_backends) {
    if (b.backend_name != backend) continue;
    if (!b.owner_principal_id) platform = &b;
    else if (model.owner_principal_id && *b.owner_principal_id == *model.owner_principal_id) owner = &b;
  }
  if (!platform && !owner) return std::nullopt;
  VersionMap merged;
  for (const InferenceBackend* row : {platform, owner}) {
    if (!row) continue;
    for (const auto& entry : row->version_configs) {
      const std::string& version = entry.first;
      auto it = std::find_if(merged.begin(), merged.end(), [&](const auto& e) { return e.first == version; });
      if (it != merged.end()) it->second = entry.second;  // dict.update keeps the key's place
      else merged.emplace_back(version, entry.second);
    }
  }
  return merged;
}

bool version_supports(const VersionConfig& cfg, const std::string& type) {
  const bool custom = cfg.custom_framework && !cfg.custom_framework->empty() &&
                      (*cfg.custom_framework == kCpu || *cfg.custom_framework == type);
  const auto& built_in = cfg.built_in_frameworks;
  const bool builtin = !built_in.empty() && (std::find(built_in.begin(), built_in.end(), kCpu) != built_in.end() ||
                                              std::find(built_in.begin(), built_in.end(), type) != built_in.end());
  return custom || builtin;
}

struct Catalogue {
  std::string name;  // scenario | builtin | empty when none knows the backend
  std::optional<VersionMap> versions;
};

bool supported(const Catalogue& cat, const std::string& backend, const Condition& c, const std::optional<std::string>& pinned) {
  if (cat.name == BackendFrameworkFilter::kCatalogueBuiltin) return builtin_catalogue_supports(backend, c.type, c.variant);
  for (const auto& [version, cfg] : *cat.versions) {
    if (pinned && *pinned != version) continue;
    if (version_supports(cfg, c.type)) return true;
  }
  return false;
}

Json opt_json(const std::optional<std::string>& v) { return v ? Json(*v) : Json(nullptr); }

Json condition_json(const Condition& c) {
  return Json{{"type", c.type}, {"runtime", opt_json(c.runtime)}, {"variant", opt_json(c.variant)}};
}

}  // namespace

void BackendFrameworkFilter::run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record) {
  const Model& model = ctx.model;
  const std::string backend = effective_backend(model);
  record.set("backend", backend);
  if (model.backend && *model.backend == kCustomBackend) {
    record.set("catalogue", nullptr);
    record.not_applied("backend Custom runs a user image: there is no runner catalogue to check", workers);
    return;
  }
  if ((!model.backend || model.backend->empty()) && !is_gguf(model))
    ctx.trace.quirk("Q17", "filters.backend_framework",
                    "the backend is null: the filter checks the effective backend vLLM while dispatch uses the literal value");

  Catalogue cat;
  if (auto versions = visible_versions(ctx.scenario, model, backend)) {
    cat = {kCatalogueScenario, std::move(versions)};
  } else if (builtin_catalogue_knows(backend)) {
    cat = {kCatalogueBuiltin, std::nullopt};
  }
  record.set("catalogue", cat.name.empty() ? Json(nullptr) : Json(cat.name));
  record.set("backend_version", opt_json(model.backend_version));
  if (cat.name.empty()) {
    record.applied("no catalogue knows backend " + backend + ": workers are not evaluated");
    const auto data = std::make_shared<const Json>(Json{{"backend", backend}});
    for (const Worker* w : workers) record.pass(*w, kCodeNoCatalogue, data);
    record.summary() = Json{{"backend", backend}, {"catalogue", nullptr}, {"removed", Json::array()}};
    return;
  }
  record.applied("the " + cat.name + " catalogue must ship backend " + backend + " for one of the worker's devices");

  const auto& pinned = model.backend_version;
  Json removed = Json::array();
  // A cluster has few distinct device conditions: each is looked up in the catalogue once, and the
  // workers passing on it share their data (the first 32 conditions; past them every worker with
  // another condition is looked up on its own, never a longer scan).
  struct Seen {
    Condition condition;
    bool supported = false;
    std::shared_ptr<const Json> data;  // built at the first worker passing on it
  };
  std::vector<Seen> seen;
  seen.reserve(32);  // a match points into it
  Seen unmemoised;
  auto seen_of = [&](const Condition& c) -> Seen& {
    for (Seen& s : seen)
      if (s.condition == c) return s;
    Seen fresh{c, supported(cat, backend, c, pinned), nullptr};
    if (seen.size() < 32) return seen.emplace_back(std::move(fresh));
    return unmemoised = std::move(fresh);
  };
  for (const Worker* w : workers) {
    Json reasons = Json::array();
    Seen* match = nullptr;
    for (const Condition& c : conditions_of(*w, model)) {
      Seen& verdict = seen_of(c);
      if (verdict.supported) {
        match = &verdict;
        break;
      }
      Json reason = condition_json(c);
      reason["version"] = opt_json(pinned);
      reason["why"] = pinned ? kWhyVersion : c.type == kCpu ? kWhyCpu : kWhyGpu;
      reasons.push_back(std::move(reason));
    }
    if (match) {
      if (!match->data)
        match->data = std::make_shared<const Json>(Json{{"catalogue", cat.name}, {"condition", condition_json(match->condition)}});
      record.pass(*w, kCodeSupported, match->data);
      continue;
    }
    record.fail(*w, kCodeUnsupported, Json{{"catalogue", cat.name}, {"conditions", reasons}});
    removed.push_back(w->name);
    // GPUStack writes one line per removed worker, listing every failed condition.
    ctx.trace.message("filters", Name,
                      Json{{"worker", w->name}, {"backend", backend}, {"backend_version", opt_json(pinned)}, {"reasons", reasons}});
  }
  record.summary() = Json{{"backend", backend}, {"catalogue", cat.name}, {"removed", removed}};
}

}  // namespace placement::filters
