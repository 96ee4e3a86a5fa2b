// CPython 3.11's readings, step for step: int() and float() first map every non-ASCII space to
// ' ' and every Unicode decimal digit to its ASCII digit (_PyUnicode_TransformDecimalAndSpaceToASCII;
// any other non-ASCII character fails), then read the ASCII text; repr() escapes what
// str.isprintable() refuses; json.loads() is the C scanner's grammar.
#include "scenario/python_text.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "scenario/python_unicode_tables.h"
#include "scenario/utf8.h"

namespace placement {

namespace {

using python_unicode::CodeRange;

// Decodes UTF-8; a malformed byte becomes U+FFFD (scenario text is valid UTF-8 already).
std::u32string decode_utf8(const std::string& s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const int extra = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : -1;
    if (extra < 0 || i + static_cast<std::size_t>(extra) >= s.size()) {
      out.push_back(0xFFFD);
      ++i;
      continue;
    }
    char32_t cp = extra == 0 ? c : c & (0x3F >> extra);
    bool ok = true;
    for (int k = 1; k <= extra; ++k) {
      const unsigned char n = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      ok &= (n >> 6) == 0x2;
      cp = (cp << 6) | (n & 0x3F);
    }
    out.push_back(ok ? cp : 0xFFFD);
    i += ok ? static_cast<std::size_t>(extra) + 1 : 1;
  }
  return out;
}

bool in_ranges(char32_t cp, const std::vector<CodeRange>& table) {
  auto it = std::upper_bound(table.begin(), table.end(), cp, [](char32_t c, const CodeRange& r) { return c < r.first; });
  return it != table.begin() && cp <= std::prev(it)->last;
}

// The digit a code point stands for in int()/float(), or -1.
int decimal_value(char32_t cp) {
  const auto& zeros = python_unicode::digit_zeros();
  auto it = std::upper_bound(zeros.begin(), zeros.end(), cp);
  if (it == zeros.begin()) return -1;
  const char32_t zero = *std::prev(it);
  return cp - zero < 10 ? static_cast<int>(cp - zero) : -1;
}

// _PyUnicode_TransformDecimalAndSpaceToASCII; nullopt where CPython writes its '?' stop mark.
std::optional<std::string> to_ascii(const std::string& text) {
  std::string out;
  for (char32_t cp : decode_utf8(text)) {
    if (cp < 127) {
      if (cp == 0) return std::nullopt;  // an embedded NUL ends CPython's C string early
      out += static_cast<char>(cp);
    } else if (in_ranges(cp, python_unicode::spaces())) {
      out += ' ';
    } else if (int d = decimal_value(cp); d >= 0) {
      out += static_cast<char>('0' + d);
    } else {
      return std::nullopt;
    }
  }
  return out;
}

bool ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }
bool ascii_digit(char c) { return c >= '0' && c <= '9'; }

std::string strip_ascii_space(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && ascii_space(s[b])) ++b;
  while (e > b && ascii_space(s[e - 1])) --e;
  return s.substr(b, e - b);
}

struct IntReading {
  long long value = 0;  // clamped to long long
  bool overflow = false;
};

// PyLong_FromString(s, base=10) over the whole (ASCII) string.
std::optional<IntReading> read_int(const std::string& text) {
  auto ascii = to_ascii(text);
  if (!ascii) return std::nullopt;
  const std::string s = strip_ascii_space(*ascii);
  std::size_t i = 0;
  const bool negative = i < s.size() && s[i] == '-';
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  if (i >= s.size() || !ascii_digit(s[i])) return std::nullopt;
  IntReading r;
  unsigned long long magnitude = 0;
  const unsigned long long limit = negative ? 1ULL << 63 : (1ULL << 63) - 1;
  for (; i < s.size(); ++i) {
    if (s[i] == '_') {
      if (i + 1 >= s.size() || !ascii_digit(s[i + 1])) return std::nullopt;  // one '_', between digits
      continue;
    }
    if (!ascii_digit(s[i])) return std::nullopt;
    const unsigned d = static_cast<unsigned>(s[i] - '0');
    if (r.overflow || magnitude > (limit - d) / 10) r.overflow = true;
    else magnitude = magnitude * 10 + d;
  }
  if (r.overflow) magnitude = limit;
  r.value = negative ? static_cast<long long>(0 - magnitude) : static_cast<long long>(magnitude);
  return r;
}

// _Py_string_to_number_with_underscores: '_' only between two digits; returns the text without them.
std::optional<std::string> drop_underscores(const std::string& s) {
  std::string out;
  char prev = '\0';
  for (char c : s) {
    if (c == '_') {
      if (!ascii_digit(prev)) return std::nullopt;
    } else {
      if (prev == '_' && !ascii_digit(c)) return std::nullopt;
      out += c;
    }
    prev = c;
  }
  if (prev == '_') return std::nullopt;
  return out;
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

}  // namespace

std::optional<long long> python_int(const std::string& text) {
  auto r = read_int(text);
  if (!r || r->overflow) return std::nullopt;
  return r->value;
}

std::optional<long long> python_int_clamped(const std::string& text) {
  auto r = read_int(text);
  if (!r) return std::nullopt;
  return r->value;
}

std::optional<double> python_float(const std::string& text) {
  auto ascii = to_ascii(text);
  if (!ascii) return std::nullopt;
  auto plain = drop_underscores(*ascii);
  if (!plain) return std::nullopt;
  const std::string s = strip_ascii_space(*plain);
  std::size_t i = 0;
  const bool negative = i < s.size() && s[i] == '-';
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::string word = lower(s.substr(i));
  if (word == "inf" || word == "infinity") return negative ? -HUGE_VAL : HUGE_VAL;
  if (word == "nan") return negative ? -std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::quiet_NaN();
  std::size_t digits = 0;
  while (i < s.size() && ascii_digit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && ascii_digit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t exp_digits = 0;
    while (i < s.size() && ascii_digit(s[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  return std::strtod(s.c_str(), nullptr);  // the grammar is checked; strtod's overflow gives ±inf as Python's
}

std::string python_repr(const std::string& text) {
  const char quote = text.find('\'') != std::string::npos && text.find('"') == std::string::npos ? '"' : '\'';
  static const char* hex = "0123456789abcdef";
  auto escape = [&](std::string& out, char32_t cp, char kind, int width) {
    out += '\\';
    out += kind;
    for (int shift = (width - 1) * 4; shift >= 0; shift -= 4) out += hex[(cp >> shift) & 0xF];
  };
  std::string out(1, quote);
  for (char32_t cp : decode_utf8(text)) {
    if (cp == static_cast<char32_t>(quote) || cp == '\\') out += '\\', out += static_cast<char>(cp);
    else if (cp == '\t') out += "\\t";
    else if (cp == '\n') out += "\\n";
    else if (cp == '\r') out += "\\r";
    else if (cp < ' ' || cp == 0x7F) escape(out, cp, 'x', 2);
    else if (cp < 0x7F) out += static_cast<char>(cp);
    else if (!in_ranges(cp, python_unicode::unprintable())) encode_utf8(cp, out);
    else if (cp <= 0xFF) escape(out, cp, 'x', 2);
    else if (cp <= 0xFFFF) escape(out, cp, 'u', 4);
    else escape(out, cp, 'U', 8);
  }
  out += quote;
  return out;
}

bool python_looks_negative_number(const std::string& text) {
  std::u32string s = decode_utf8(text);
  if (!s.empty() && s.back() == '\n') s.pop_back();  // re's '$' also matches before a final newline
  if (s.empty() || s[0] != '-') return false;
  std::size_t i = 1, before = 0, after = 0;
  while (i < s.size() && decimal_value(s[i]) >= 0) ++i, ++before;
  if (i == s.size()) return before > 0;
  if (s[i] != '.') return false;
  ++i;
  while (i < s.size() && decimal_value(s[i]) >= 0) ++i, ++after;
  return i == s.size() && after > 0;
}

}  // namespace placement
