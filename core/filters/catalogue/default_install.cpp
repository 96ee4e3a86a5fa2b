#include "filters/catalogue/default_install.h"

#include <algorithm>

#include "filters/catalogue/embedded_data.h"
#include "share/ascii_case.h"

namespace placement::filters::catalogue {

namespace {

// The four backends GPUStack's InferenceBackendController seeds with no versions (Custom is not
// seeded); the community backends follow from community-backends.json.
constexpr const char* kBuiltInRows[] = {"vLLM", "SGLang", "MindIE", "VoxBox"};

std::vector<InferenceBackend> parse_rows() {
  std::vector<InferenceBackend> rows;
  for (const char* name : kBuiltInRows) rows.push_back(InferenceBackend{name, std::nullopt, {}});
  const Json community = Json::parse(community_backends_json());
  for (const auto& [name, versions] : community.items()) {
    InferenceBackend row{name, std::nullopt, {}};
    for (const auto& [version, frameworks] : versions.items())
      row.version_configs.emplace_back(version, VersionConfig{frameworks.get<std::vector<std::string>>(), std::nullopt});
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<RunnerRow> parse_runners() {
  std::vector<RunnerRow> rows;
  for (const Json& r : Json::parse(runner_table_json()))
    rows.push_back(RunnerRow{r.at("service").get<std::string>(), r.at("backend").get<std::string>(), r.at("backend_variant").get<std::string>(),
                             r.at("service_version").get<std::string>(), r.at("deprecated").get<bool>()});
  return rows;
}

struct AscendTable {
  std::vector<std::pair<std::string, int>> soc_version;      // chip name → SoC version number
  std::vector<std::pair<int, std::string>> variant_below;    // first bound above the number → variant
};

AscendTable parse_ascend() {
  const Json doc = Json::parse(ascend_soc_json());
  AscendTable t;
  for (const auto& [name, version] : doc.at("soc_version").items()) t.soc_version.emplace_back(name, version.get<int>());
  for (const Json& range : doc.at("variant_by_version")) t.variant_below.emplace_back(range.at("below").get<int>(), range.at("variant").get<std::string>());
  return t;
}

const AscendTable& ascend_table() {
  static const AscendTable table = parse_ascend();
  return table;
}

}  // namespace

const std::vector<InferenceBackend>& default_install_rows() {
  static const std::vector<InferenceBackend> rows = parse_rows();
  return rows;
}

const std::vector<RunnerRow>& runner_rows() {
  static const std::vector<RunnerRow> rows = parse_runners();
  return rows;
}

const RunnerRow* find_runner(const std::string& service, const std::string& backend, const std::optional<std::string>& variant,
                             const std::optional<std::string>& pinned) {
  for (const RunnerRow& r : runner_rows()) {
    if (r.service != service || r.backend != backend) continue;
    if (variant && r.variant != *variant) continue;
    if (pinned ? r.version != *pinned : r.deprecated) continue;
    return &r;
  }
  return nullptr;
}

bool runner_service_exists(const std::string& service) {
  const auto& rows = runner_rows();
  return std::any_of(rows.begin(), rows.end(), [&](const RunnerRow& r) { return r.service == service; });
}

std::string runner_service_of(const std::string& backend_name) { return share::ascii_lower(backend_name); }

std::optional<std::string> ascend_cann_variant(const std::string& chip_name) {
  const AscendTable& t = ascend_table();
  const auto it = std::find_if(t.soc_version.begin(), t.soc_version.end(), [&](const auto& e) { return e.first == chip_name; });
  if (it == t.soc_version.end() || it->second <= 0) return std::nullopt;
  for (const auto& [below, variant] : t.variant_below)
    if (it->second < below) return variant;
  return std::nullopt;
}

std::vector<std::string> ascend_chip_names_like(const std::string& text, std::size_t limit) {
  std::vector<std::string> out;
  const std::string needle = share::ascii_lower(text);
  if (needle.empty()) return out;
  for (const auto& [name, version] : ascend_table().soc_version) {
    if (out.size() >= limit) break;
    if (share::ascii_lower(name).find(needle) != std::string::npos) out.push_back(name);
  }
  return out;
}

}  // namespace placement::filters::catalogue
