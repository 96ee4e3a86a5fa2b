// ASCII-only case folding. GPUStack compares backend names, vendors, env flags and repo ids with
// Python's str.lower() on text that is ASCII in practice; folding only A-Z keeps a non-ASCII
// byte from changing meaning under a C locale and gives the same answer for ASCII input.
#pragma once

#include <string>
#include <string_view>

namespace placement::share {

constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

inline bool ascii_iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

// Position of `needle` in `text` ignoring ASCII case; npos when absent (0 for an empty needle).
inline std::size_t ascii_ifind(std::string_view text, std::string_view needle) {
  if (needle.size() > text.size()) return std::string_view::npos;
  for (std::size_t i = 0; i + needle.size() <= text.size(); ++i)
    if (ascii_iequals(text.substr(i, needle.size()), needle)) return i;
  return std::string_view::npos;
}

}  // namespace placement::share
