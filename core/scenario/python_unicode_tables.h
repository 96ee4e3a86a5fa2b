// The slices of Python's Unicode database that int(), float() and repr() consult
// (generated: scripts/gen-python-unicode-tables.py).
#pragma once

#include <vector>

namespace placement::python_unicode {

struct CodeRange {
  char32_t first;
  char32_t last;  // inclusive
};

const std::vector<char32_t>& digit_zeros();
const std::vector<CodeRange>& spaces();
const std::vector<CodeRange>& unprintable();

}  // namespace placement::python_unicode
