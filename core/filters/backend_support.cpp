#include "filters/backend_support.h"

#include <algorithm>
#include <cctype>

#include "filters/catalogue/default_install.h"

namespace placement::filters {

namespace {

constexpr const char* kCpu = "cpu";
constexpr const char* kCustomBackend = "Custom";

bool visible_to(const InferenceBackend& row, const Model& model) {
  return !row.owner_principal_id || (model.owner_principal_id && *row.owner_principal_id == *model.owner_principal_id);
}

bool version_supports(const VersionConfig& cfg, const std::string& type) {
  const bool custom = cfg.custom_framework && !cfg.custom_framework->empty() &&
                      (*cfg.custom_framework == kCpu || *cfg.custom_framework == type);
  const auto& built_in = cfg.built_in_frameworks;
  const bool builtin = std::find(built_in.begin(), built_in.end(), kCpu) != built_in.end() ||
                       std::find(built_in.begin(), built_in.end(), type) != built_in.end();
  return custom || builtin;
}

// Edits (insert, delete, replace) between two names, compared lower-cased.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  const std::string x = catalogue::runner_service_of(a), y = catalogue::runner_service_of(b);
  std::vector<std::size_t> prev(y.size() + 1), cur(y.size() + 1);
  for (std::size_t j = 0; j <= y.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= x.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= y.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[y.size()];
}

}  // namespace

BackendLookup::BackendLookup(const std::vector<InferenceBackend>& rows, bool scenario_rows, const Model& model, std::string backend,
                             std::optional<std::string> pinned)
    : backend_(std::move(backend)),
      service_(catalogue::runner_service_of(backend_)),
      pinned_(std::move(pinned)),
      row_source_(scenario_rows ? kSourceScenarioRow : kSourceCommunityRow) {
  // The platform row (no owner) merged with the model owner's row, whose versions replace
  // same-named ones; other owners' rows are ignored. The last row of each kind wins, as in GPUStack.
  const InferenceBackend* platform = nullptr;
  const InferenceBackend* owner = nullptr;
  for (const InferenceBackend& b : rows) {
    if (b.backend_name != backend_ || !visible_to(b, model)) continue;
    (b.owner_principal_id ? owner : platform) = &b;
  }
  row_found_ = platform || owner;
  for (const InferenceBackend* row : {platform, owner}) {
    if (!row) continue;
    for (const auto& entry : row->version_configs) {
      // (Not a structured binding: clang 14, used by the sanitizer and WebAssembly builds, cannot
      // capture one in a lambda.)
      const auto& version = entry.first;
      auto it = std::find_if(versions_.begin(), versions_.end(), [&](const auto& e) { return e.first == version; });
      if (it != versions_.end()) it->second = entry.second;  // dict.update keeps the key's place
      else versions_.emplace_back(version, entry.second);
    }
  }
  runner_service_ = catalogue::runner_service_exists(service_);
}

Support BackendLookup::support(const Condition& c, const std::optional<std::string>& pinned) const {
  for (const auto& [version, cfg] : versions_) {
    if (pinned && *pinned != version) continue;
    if (version_supports(cfg, c.type)) return Support{row_source_, version};
  }
  if (const catalogue::RunnerRow* runner = catalogue::find_runner(service_, c.type, c.variant, pinned))
    return Support{kSourceRunnerTable, runner->version};
  return Support{};
}

std::vector<std::string> BackendLookup::versions() const {
  std::vector<std::string> out;
  auto add = [&](const std::string& v) {
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  };
  for (const auto& entry : versions_) add(entry.first);
  for (const catalogue::RunnerRow& r : catalogue::runner_rows())
    if (r.service == service_) add(r.version);
  return out;
}

namespace {

// How many workers keep at least one supported condition under `pinned`. A cluster has few
// distinct conditions: each is looked up once.
std::size_t workers_kept(const BackendLookup& lookup, const std::vector<std::vector<Condition>>& conditions,
                         const std::optional<std::string>& pinned) {
  std::vector<std::pair<const Condition*, bool>> seen;
  auto supported = [&](const Condition& c) {
    for (const auto& [known, verdict] : seen)
      if (*known == c) return verdict;
    return seen.emplace_back(&c, bool(lookup.support(c, pinned))).second;
  };
  return static_cast<std::size_t>(std::count_if(conditions.begin(), conditions.end(), [&](const std::vector<Condition>& worker) {
    return std::any_of(worker.begin(), worker.end(), supported);
  }));
}

std::string keeps_text(std::size_t kept, std::size_t of) {
  return "keeps " + std::to_string(kept) + " of " + std::to_string(of) + " workers here";
}

}  // namespace

std::vector<PassingValue> backends_that_pass(const std::vector<InferenceBackend>& rows, bool scenario_rows, const Model& model,
                        const std::optional<std::string>& pinned, const BackendLookup& lookup,
                        const std::vector<std::vector<Condition>>& conditions) {
  std::vector<PassingValue> out{PassingValue{kCustomBackend, "only the literal backend Custom skips this filter"}};
  // Known names: visible rows, then runner services no row already names (case-insensitively).
  std::vector<std::string> names;
  auto add = [&](const std::string& name) {
    const bool seen = std::any_of(names.begin(), names.end(), [&](const std::string& n) { return edit_distance(n, name) == 0; });
    if (!seen) names.push_back(name);
  };
  for (const InferenceBackend& row : rows)
    if (visible_to(row, model)) add(row.backend_name);
  for (const catalogue::RunnerRow& r : catalogue::runner_rows()) add(r.service);
  for (const std::string& name : names) {
    if (name == lookup.backend() || name == kCustomBackend || edit_distance(name, lookup.backend()) > 2) continue;
    const std::size_t kept = workers_kept(BackendLookup(rows, scenario_rows, model, name, pinned), conditions, pinned);
    if (kept > 0) out.push_back(PassingValue{name, "a known backend with a similar name: " + keeps_text(kept, conditions.size())});
  }
  return out;
}

std::vector<PassingValue> versions_that_pass(const BackendLookup& lookup, const std::vector<std::vector<Condition>>& conditions) {
  std::vector<PassingValue> out;
  if (const std::size_t kept = workers_kept(lookup, conditions, std::nullopt))
    out.push_back(PassingValue{std::nullopt, "no pin: " + keeps_text(kept, conditions.size())});
  for (const std::string& version : lookup.versions())
    if (const std::size_t kept = workers_kept(lookup, conditions, version))
      out.push_back(PassingValue{version, keeps_text(kept, conditions.size())});
  return out;
}

}  // namespace placement::filters
