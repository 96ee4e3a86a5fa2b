// GPUStack's reading of `backend_parameters` (scheduler-rules.md §1.6): a concatenated argv in which
// an element may hold several shell words. Lookups strip all leading dashes from names.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario/python_text.h"  // python_int / python_float, used with these readers

namespace placement {

struct BackendParameter {
  std::string name;                  // leading dashes stripped
  std::string raw_key;               // as written, e.g. "--tp"
  std::optional<std::string> value;  // nullopt for a bare flag
};

class BackendParameters {
 public:
  BackendParameters() = default;
  explicit BackendParameters(const std::vector<std::string>& argv);

  const std::vector<BackendParameter>& all() const { return params_; }
  std::vector<std::string> tokens() const { return tokens_; }

  bool present(const std::string& name) const;
  // First occurrence that has a value.
  std::optional<std::string> value(const std::string& name) const;
  std::optional<std::string> value(std::initializer_list<const char*> names) const;
  // That value parsed with Python int() syntax; absent if it does not parse.
  std::optional<long long> integer(const std::string& name) const;
  std::optional<long long> integer(std::initializer_list<const char*> names) const;
  // First occurrence: bare → true; 0/false/no/off/f/n (any case) → false; else true.
  std::optional<bool> boolean(const std::string& name) const;
  std::optional<double> number(const std::string& name) const;  // Python float() syntax

  // Which spelling supplied the value (for explanations), e.g. "--tp".
  std::optional<std::string> spelling(std::initializer_list<const char*> names) const;

 private:
  std::vector<std::string> tokens_;
  std::vector<BackendParameter> params_;
};

// Tokenise one element shell-style (quotes group, JSON values after '=' kept whole).
std::vector<std::string> shell_split(const std::string& element);

}  // namespace placement
