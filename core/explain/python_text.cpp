#include "explain/python_text.h"

#include <cstdio>

#include "explain/units.h"
#include "fit/sglang/python_numbers.h"

namespace placement::pytext {

double byte_to_gib(const Json& bytes) { return python_round(bytes.get<double>() / explain::kBytesPerGiB, 2); }

std::string str(const Json& v) {
  if (v.is_number_float()) return python_repr(v.get<double>());
  if (v.is_number_integer() || v.is_number_unsigned()) return v.dump();
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "True" : "False";
  if (v.is_null()) return "None";
  if (v.is_array()) return list(v);
  return dict(v);
}

std::string repr(const std::string& s) {
  const bool single = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
  const char quote = single ? '"' : '\'';
  std::string out(1, quote);
  for (char c : s) {
    if (c == '\\' || c == quote) out += '\\';
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else out += c;
  }
  return out + quote;
}

namespace {

std::string element(const Json& v) { return v.is_string() ? repr(v.get<std::string>()) : str(v); }

}  // namespace

std::string list(const Json& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + element(items[i]);
  return out + "]";
}

std::string dict(const Json& object) {
  std::string out = "{";
  bool first = true;
  for (auto it = object.begin(); it != object.end(); ++it) {
    out += (first ? "" : ", ") + repr(it.key()) + ": " + element(it.value());
    first = false;
  }
  return out + "}";
}

std::string gib(const Json& bytes) { return python_repr(byte_to_gib(bytes)); }

std::string gib2(const Json& bytes) { return fixed(byte_to_gib(bytes), 2); }

std::string fixed(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

std::string plural(long long n, const char* one, const char* many) { return n == 1 ? one : many; }

}  // namespace placement::pytext
