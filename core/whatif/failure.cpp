#include "whatif/failure.h"

namespace placement::whatif {

namespace {
std::string line_text(const Json& line) {
  std::string out = line.value("key", std::string("?")) + " on " + std::to_string(line.value("count", 0LL)) + " of " +
                    std::to_string(line.value("of", 0LL)) + " " + line.value("unit", std::string());
  const Json& params = line.contains("params") ? line["params"] : Json();
  if (params.is_object() && params.contains("strategy") && params["strategy"].is_string())
    out += " (" + params["strategy"].get<std::string>() + ")";
  else if (params.is_object() && params.contains("filter") && params["filter"].is_string())
    out += " (" + params["filter"].get<std::string>() + ")";
  return out;
}
}  // namespace

Json failure_json(const ScheduleResult& result) {
  const Json& t = result.trace.root();
  const Json summary = t.contains("summary") && t["summary"].is_array() ? t["summary"] : Json::array();
  const Json error = t.contains("error") ? t["error"] : Json(nullptr);
  std::string text;
  for (const Json& line : summary) text += (text.empty() ? "" : "; ") + line_text(line);
  if (error.is_object()) text += (text.empty() ? "" : "; ") + error.value("reason", std::string("reference error"));
  if (text.empty()) text = "no worker to place on";
  return Json{{"text", text}, {"summary", summary}, {"error", error}};
}

}  // namespace placement::whatif
