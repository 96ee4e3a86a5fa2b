#include "whatif/json_patch.h"

#include "scenario/errors.h"

namespace placement::whatif {

namespace {
Json::json_pointer parse_pointer(const std::string& pointer) {
  try {
    return Json::json_pointer(pointer);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(pointer, std::string("not a JSON Pointer: ") + e.what());
  }
}

// Where a parameter's value sits: element `index`, written as a whole ("--f=v", "--f v") or,
// when `separate`, the next element holds the bare value.
struct ParameterSlot {
  std::size_t index = 0;
  bool separate = false;
};

std::optional<ParameterSlot> find_parameter(const Json& params, const std::string& flag) {
  if (!params.is_array()) return std::nullopt;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!params[i].is_string()) continue;
    const std::string e = params[i].get<std::string>();
    if (e == flag && i + 1 < params.size() && params[i + 1].is_string()) return ParameterSlot{i, true};
    if (e.size() > flag.size() && e.compare(0, flag.size(), flag) == 0 && (e[flag.size()] == '=' || e[flag.size()] == ' '))
      return ParameterSlot{i, false};
  }
  return std::nullopt;
}

const Json& parameters_of(const Json& document) {
  static const Json none;
  if (!document.is_object() || !document.contains("model") || !document["model"].is_object()) return none;
  const Json& m = document["model"];
  return m.contains("backend_parameters") ? m["backend_parameters"] : none;
}
}  // namespace

Json apply_patch(const Json& document, const Json& patch) {
  try {
    return document.patch(patch);
  } catch (const nlohmann::json::exception& e) {
    std::string where;
    if (patch.is_array())
      for (const Json& op : patch)
        if (op.is_object() && op.contains("path") && op["path"].is_string()) where = op["path"].get<std::string>();
    throw InputError(where, std::string("the patch does not apply: ") + e.what());
  }
}

Json set_value_op(const Json& document, const std::string& pointer, const Json& value) {
  if (pointer.empty() || pointer[0] != '/') throw InputError(pointer, "a setting is a JSON Pointer starting with '/'");
  const Json::json_pointer p = parse_pointer(pointer);
  if (document.contains(p)) return Json{{"op", "replace"}, {"path", pointer}, {"value", value}};
  const Json::json_pointer parent = p.parent_pointer();
  if (!document.contains(parent) || !(document[parent].is_object() || document[parent].is_array()))
    throw InputError(pointer, "no such value in the scenario, and its parent " + parent.to_string() + " is not an object or array");
  return Json{{"op", "add"}, {"path", pointer}, {"value", value}};
}

Json set_backend_parameter_patch(const Json& document, const std::string& flag, const std::string& value) {
  const Json& params = parameters_of(document);
  if (auto slot = find_parameter(params, flag)) {
    const std::string base = "/model/backend_parameters/";
    if (slot->separate) return Json::array({{{"op", "replace"}, {"path", base + std::to_string(slot->index + 1)}, {"value", value}}});
    return Json::array({{{"op", "replace"}, {"path", base + std::to_string(slot->index)}, {"value", flag + "=" + value}}});
  }
  if (params.is_array()) return Json::array({{{"op", "add"}, {"path", "/model/backend_parameters/-"}, {"value", flag + "=" + value}}});
  return Json::array({{{"op", "add"}, {"path", "/model/backend_parameters"}, {"value", Json::array({flag + "=" + value})}}});
}

std::optional<std::string> backend_parameter_value(const Json& document, const std::string& flag) {
  const Json& params = parameters_of(document);
  auto slot = find_parameter(params, flag);
  if (!slot) return std::nullopt;
  if (slot->separate) return params[slot->index + 1].get<std::string>();
  return params[slot->index].get<std::string>().substr(flag.size() + 1);
}

}  // namespace placement::whatif
