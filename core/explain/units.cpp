#include "explain/units.h"

#include <cstdio>
#include <cstdlib>

namespace placement::explain {

std::string gib(double bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / kBytesPerGiB);
  return buf;
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string str(const Json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_null()) return "-";
  return j.dump();
}

bool is_byte_field(std::string_view key) {
  static constexpr std::string_view kNames[] = {
      "vram",  "ram",      "need",     "have", "short",      "alloc",          "allocatable", "total",    "claim",
      "bytes", "reserved", "estimate", "sum",  "layer_vram", "rpc_layer_vram", "vram_sum",    "ram_need", "largest_alloc"};
  for (std::string_view name : kNames)
    if (key == name) return true;
  auto ends = [&](std::string_view suffix) { return key.size() > suffix.size() && key.substr(key.size() - suffix.size()) == suffix; };
  return ends("_vram") || ends("_ram") || ends("_alloc") || ends("bytes");
}

std::string value_text(std::string_view key, const Json& v) {
  if (v.is_number_integer() && is_byte_field(key) && std::llabs(v.get<long long>()) >= kSmallestGiBShown) return gib(v.get<double>());
  if (v.is_number_float()) return fixed(v.get<double>(), 4);
  return str(v);
}

std::string data_text(const Json& data) {
  if (!data.is_object() || data.empty()) return "";
  std::string out;
  for (auto it = data.begin(); it != data.end(); ++it) {
    if (it.value().is_object() || (it.value().is_array() && it.value().size() > 8)) continue;
    out += (out.empty() ? "" : ", ") + it.key() + " " + value_text(it.key(), it.value());
  }
  return out;
}

}  // namespace placement::explain
