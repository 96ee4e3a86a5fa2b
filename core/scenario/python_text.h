// Python's own readings of a str, for the places where GPUStack hands scenario text to Python:
// int(), float(), repr(), json.loads() and argparse's negative-number pattern. Text is UTF-8.
#pragma once

#include <optional>
#include <string>

namespace placement {

// int(text): surrounding white space (any Unicode space), a sign, digits of any Unicode Nd
// script with single underscores between them. nullopt when int() raises or, as Python's ints
// are unbounded, when the value leaves long long.
std::optional<long long> python_int(const std::string& text);
// The same, but a value beyond long long is clamped to its nearest end instead of refused.
std::optional<long long> python_int_clamped(const std::string& text);
// float(text): as int() for spaces and digits, plus '.', an exponent, inf/infinity/nan.
std::optional<double> python_float(const std::string& text);
// repr(text): quotes and escapes as Python prints a str.
std::string python_repr(const std::string& text);
// Whether json.loads(text) returns rather than raising JSONDecodeError (NaN, Infinity and
// numbers beyond double are accepted; a byte-order mark is not).
bool python_json_loads_accepts(const std::string& text);
// argparse's _negative_number_matcher, '^-\d+$|^-\d*\.\d+$' with Unicode \d.
bool python_looks_negative_number(const std::string& text);

}  // namespace placement
