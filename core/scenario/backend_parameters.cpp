#include "scenario/backend_parameters.h"
#include "share/ascii_case.h"

#include <algorithm>
#include <cctype>

namespace placement {

namespace {

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

bool is_key(const std::string& token) {
  return token.size() > 1 && token[0] == '-' && token != "--" && !python_float(token);
}

std::string strip_dashes(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size() && s[i] == '-') ++i;
  return s.substr(i);
}

// Length of a balanced JSON value starting at s[i] ('{' or '['), or npos when unbalanced.
std::size_t json_extent(const std::string& s, std::size_t i) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t j = i; j < s.size(); ++j) {
    char c = s[j];
    if (in_string) {
      if (c == '\\') ++j;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') {
      if (--depth == 0) return j - i + 1;
    }
  }
  return std::string::npos;
}

}  // namespace

std::vector<std::string> shell_split(const std::string& element) {
  std::vector<std::string> out;
  std::string cur;
  bool in_word = false;
  const std::string& s = element;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\') {
      if (i + 1 >= s.size()) break;  // stray trailing backslash is dropped
      char n = s[i + 1];
      ++i;
      if (n == '\n') {  // line continuation acts as a separator
        if (in_word) out.push_back(cur), cur.clear(), in_word = false;
        continue;
      }
      cur += n;
      in_word = true;
    } else if (c == '\'') {
      std::size_t end = s.find('\'', i + 1);
      if (end == std::string::npos) end = s.size();
      cur += s.substr(i + 1, end - i - 1);
      in_word = true;
      i = end;
    } else if (c == '"') {
      ++i;
      for (; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\' || s[i + 1] == '$' || s[i + 1] == '`')) ++i;
        cur += s[i];
      }
      in_word = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (in_word) out.push_back(cur), cur.clear(), in_word = false;
    } else if (c == '=' && i + 1 < s.size() && (s[i + 1] == '{' || s[i + 1] == '[')) {
      // `--k={...}` keeps the JSON value whole, spaces and quotes included.
      std::size_t len = json_extent(s, i + 1);
      if (len == std::string::npos) len = s.size() - i - 1;
      cur += '=';
      cur += s.substr(i + 1, len);
      in_word = true;
      i += len;
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (in_word) out.push_back(cur);
  return out;
}

BackendParameters::BackendParameters(const std::vector<std::string>& argv) {
  for (const std::string& raw : argv) {
    std::string element = trim(raw);
    if (element.empty()) continue;
    std::size_t sp = 0;
    while (sp < element.size() && !std::isspace(static_cast<unsigned char>(element[sp]))) ++sp;
    std::string first = element.substr(0, sp);
    std::size_t eq = first.find('=');
    std::string first_key = eq == std::string::npos ? first : first.substr(0, eq);
    if (is_key(first_key)) {
      for (auto& t : shell_split(element)) tokens_.push_back(t);
    } else {
      tokens_.push_back(element);
    }
  }
  for (std::size_t i = 0; i < tokens_.size(); ++i) {
    const std::string& t = tokens_[i];
    std::size_t eq = t.find('=');
    std::string key = eq == std::string::npos ? t : t.substr(0, eq);
    if (!is_key(key)) continue;
    BackendParameter p;
    p.raw_key = key;
    p.name = strip_dashes(key);
    if (eq != std::string::npos) {
      p.value = t.substr(eq + 1);
    } else if (i + 1 < tokens_.size() && !is_key(tokens_[i + 1].substr(0, tokens_[i + 1].find('=')))) {
      p.value = tokens_[i + 1];
      ++i;
    }
    params_.push_back(std::move(p));
  }
}

bool BackendParameters::present(const std::string& name) const {
  std::string n = strip_dashes(name);
  return std::any_of(params_.begin(), params_.end(), [&](const BackendParameter& p) { return p.name == n; });
}

std::optional<std::string> BackendParameters::value(const std::string& name) const {
  std::string n = strip_dashes(name);
  for (const auto& p : params_)
    if (p.name == n && p.value) return p.value;
  return std::nullopt;
}

std::optional<std::string> BackendParameters::value(std::initializer_list<const char*> names) const {
  std::vector<std::string> ns;
  for (const char* n : names) ns.push_back(strip_dashes(n));
  for (const auto& p : params_)
    if (p.value && std::find(ns.begin(), ns.end(), p.name) != ns.end()) return p.value;
  return std::nullopt;
}

std::optional<std::string> BackendParameters::spelling(std::initializer_list<const char*> names) const {
  std::vector<std::string> ns;
  for (const char* n : names) ns.push_back(strip_dashes(n));
  for (const auto& p : params_)
    if (p.value && std::find(ns.begin(), ns.end(), p.name) != ns.end()) return p.raw_key;
  return std::nullopt;
}

std::optional<long long> BackendParameters::integer(const std::string& name) const {
  auto v = value(name);
  if (!v) return std::nullopt;
  return python_int(*v);
}

std::optional<long long> BackendParameters::integer(std::initializer_list<const char*> names) const {
  auto v = value(names);
  if (!v) return std::nullopt;
  return python_int(*v);
}

std::optional<double> BackendParameters::number(const std::string& name) const {
  auto v = value(name);
  if (!v) return std::nullopt;
  return python_float(*v);
}

std::optional<bool> BackendParameters::boolean(const std::string& name) const {
  std::string n = strip_dashes(name);
  for (const auto& p : params_) {
    if (p.name != n) continue;
    if (!p.value) return true;
    std::string v = share::ascii_lower(trim(*p.value));
    return !(v == "0" || v == "false" || v == "no" || v == "off" || v == "f" || v == "n");
  }
  return std::nullopt;
}

}  // namespace placement
