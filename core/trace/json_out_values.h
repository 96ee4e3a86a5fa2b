// Member and list shapes many typed records write: a value that may be absent (written as null)
// and a list of strings. One definition, so every record writes them alike.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "trace/json_out.h"

namespace placement {

inline void write_strings(JsonOut& out, const std::vector<std::string>& values) {
  out.begin_array();
  for (const std::string& v : values) out.string(v);
  out.end_array();
}

// `key`: the value, or null when absent (a string, a list of strings, or a number).
template <class T>
void write_optional(JsonOut& out, std::string_view key, const std::optional<T>& v) {
  out.key(key);
  if (!v) out.null();
  else if constexpr (std::is_same_v<T, std::string>) out.string(*v);
  else if constexpr (std::is_same_v<T, std::vector<std::string>>) write_strings(out, *v);
  else out.number(*v);
}

}  // namespace placement
