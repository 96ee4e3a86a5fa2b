#include "app/format.h"

#include "explain/units.h"

namespace placement::ui {

// The numbers read as in the CLI's explanations (explain/units.h).
std::string gib_text(double bytes) { return explain::gib(bytes); }

std::string score_text(double score) { return explain::fixed(score, 2); }

double number_or(const Json& v, double fallback) { return v.is_number() ? v.get<double>() : fallback; }

std::string value_text(const std::string& key, const Json& v) { return explain::value_text(key, v); }

std::string fields_text(const Json& object) {
  if (!object.is_object()) return object.is_null() ? "" : value_text("", object);
  return explain::data_text(object);
}

const Json& member(const Json& object, const char* key, const Json& fallback) {
  if (!object.is_object()) return fallback;
  const auto it = object.find(key);
  return it == object.end() ? fallback : *it;
}

const Json& json_null() {
  static const Json j;
  return j;
}

const Json& json_array() {
  static const Json j = Json::array();
  return j;
}

const Json& json_object() {
  static const Json j = Json::object();
  return j;
}

}  // namespace placement::ui
