#include "app/format.h"

#include <cstdio>

namespace placement::ui {

namespace {

// Fields whose integers are byte counts in the trace (scheduler-rules.md §6).
bool bytes_field(const std::string& key) {
  static const char* const names[] = {"vram", "ram", "need", "have", "short", "alloc", "allocatable", "total",
                                      "claim", "reserved", "bytes", "sum", "layer_vram", "largest_alloc"};
  for (const char* n : names)
    if (key == n) return true;
  auto ends = [&](const char* suffix) {
    const std::string s(suffix);
    return key.size() > s.size() && key.compare(key.size() - s.size(), s.size(), s) == 0;
  };
  return ends("_vram") || ends("_ram") || ends("_bytes") || ends("_alloc");
}

}  // namespace

std::string gib_text(double bytes) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / 1073741824.0);
  return buf;
}

std::string score_text(double score) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f", score);
  return buf;
}

double number_or(const Json& v, double fallback) { return v.is_number() ? v.get<double>() : fallback; }

std::string value_text(const std::string& key, const Json& v) {
  if (v.is_null()) return "-";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer() && bytes_field(key) && (v.get<long long>() >= (1 << 20) || v.get<long long>() <= -(1 << 20)))
    return gib_text(v.get<double>());
  if (v.is_number_float()) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.4g", v.get<double>());
    return buf;
  }
  return v.dump();
}

std::string fields_text(const Json& object) {
  if (!object.is_object()) return object.is_null() ? "" : value_text("", object);
  std::string out;
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (it.value().is_object()) continue;
    if (it.value().is_array() && it.value().size() > 6) continue;
    out += (out.empty() ? "" : ", ") + it.key() + " " + value_text(it.key(), it.value());
  }
  return out;
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
