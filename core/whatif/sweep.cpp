#include "whatif/sweep.h"

#include "scenario/errors.h"
#include "whatif/json_patch.h"
#include "whatif/outcome.h"

namespace placement::whatif {

namespace {
constexpr std::size_t kMaxSweepValues = 256;

std::vector<std::string> split_values(const std::string& list) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  bool quoted = false;
  for (char ch : list) {
    if (ch == '"') quoted = !quoted;
    if (!quoted && (ch == '[' || ch == '{')) ++depth;
    if (!quoted && (ch == ']' || ch == '}')) --depth;
    if (ch == ',' && depth == 0 && !quoted) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  out.push_back(cur);
  return out;
}

Json value_as_json(const std::string& text) {
  Json v = Json::parse(text, nullptr, false);
  return v.is_discarded() ? Json(text) : v;
}

int replicas_value(const std::string& value) {
  std::size_t used = 0;
  int k = 0;
  try {
    k = std::stoi(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || k < 1 || k > 4096) throw InputError("replicas", "replicas must be a whole number from 1 to 4096, not '" + value + "'");
  return k;
}
}  // namespace

SweepSpec parse_sweep_spec(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw InputError(text.substr(0, eq), "a sweep is SETTING=V1,V2,... (a JSON Pointer, a --backend-parameter or replicas)");
  SweepSpec spec{text.substr(0, eq), split_values(text.substr(eq + 1))};
  if (spec.values.size() > kMaxSweepValues)
    throw InputError(spec.setting, std::to_string(spec.values.size()) + " values is beyond the limit of " + std::to_string(kMaxSweepValues));
  const bool known = spec.setting[0] == '/' || spec.setting.rfind("--", 0) == 0 || spec.setting == "replicas";
  if (!known) throw InputError(spec.setting, "the setting must be a JSON Pointer (/...), a --backend-parameter, or replicas");
  for (const std::string& v : spec.values)
    if (v.empty()) throw InputError(spec.setting, "an empty value in the list");
  return spec;
}

Json sweep_patch(const Json& document, const std::string& setting, const std::string& value) {
  if (setting == "replicas") return Json::array();
  if (setting.rfind("--", 0) == 0) return set_backend_parameter_patch(document, setting, value);
  return Json::array({set_value_op(document, setting, value_as_json(value))});
}

Json sweep(const Json& document, const SweepSpec& spec) {
  Json rows = Json::array();
  for (const std::string& value : spec.values) {
    const int replicas = spec.setting == "replicas" ? replicas_value(value) : 1;
    const Json patch = sweep_patch(document, spec.setting, value);
    const Outcome o = decide(apply_patch(document, patch), replicas);
    Json row{{"value", value_as_json(value)}, {"patch", patch}, {"fits", o.fits}, {"strategy", o.strategy.empty() ? Json(nullptr) : Json(o.strategy)},
             {"placement", o.winner ? placement_json(*o.winner) : Json(nullptr)},
             {"claim_per_gpu", o.winner ? claim_per_gpu_json(*o.winner) : Json::array()}};
    if (spec.setting == "replicas") row["replicas"] = o.replicas;
    row["why_not"] = o.fits ? Json(nullptr) : Json(o.failure.value("text", std::string()));
    rows.push_back(std::move(row));
  }
  return Json{{"setting", spec.setting}, {"rows", rows}};
}

}  // namespace placement::whatif
