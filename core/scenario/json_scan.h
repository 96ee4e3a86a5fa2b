// A strict JSON reader over text held in memory that feeds a SAX handler (nlohmann's interface:
// null, boolean, number_integer, number_unsigned, number_float, string, start_object, key,
// end_object, start_array, end_array) exactly the events, in the same order and with the same
// values, that Json::sax_parse feeds it for the same text. It exists for speed: nlohmann's lexer
// reads a character at a time through an input adapter and was most of the loading time of a
// thousand-worker scenario.
//
// It never reports an error. On anything it does not take (a syntax error, a byte-order mark, a
// number out of double's range, a handler that returns false) it returns false, and the caller
// parses the text again with nlohmann, which then gives its own exact error or result. So the
// only thing this reader must get right is the text it accepts; tests/unit/scenario/json_scan_test
// and the json_scan_fuzz target compare its events with nlohmann's.
#pragma once

#include <clocale>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cerrno>
#include <cmath>
#include <string>
#include <vector>

#include "scenario/byte_words.h"
#include "scenario/utf8.h"

namespace placement {

template <class Handler>
class JsonScanner {
 public:
  // `position`, when given, is set just past each `{`, `[`, `}` and `]` before its event, so a
  // handler can take the text of a container it is reading.
  JsonScanner(const char* begin, const char* end, Handler& handler, const char** position = nullptr)
      : p_(begin), end_(end), handler_(handler), position_(position) {}

  // The whole text is one JSON value (and whitespace) and every event was taken.
  bool run() {
    // nlohmann skips a leading UTF-8 byte-order mark; rare enough to leave to it.
    if (p_ != end_ && static_cast<unsigned char>(*p_) == 0xEF) return false;
    const char* decimal_point = std::localeconv()->decimal_point;
    if (!decimal_point || decimal_point[0] != '.' || decimal_point[1] != '\0') return false;
    if (!document()) return false;
    skip_whitespace();
    return p_ == end_;
  }

 private:
  static constexpr std::size_t kUnknownSize = static_cast<std::size_t>(-1);

  const char* p_;
  const char* end_;
  Handler& handler_;
  const char** position_;
  std::string text_;       // the current string or key, reused
  std::string number_;     // a number's characters, for strtod and the float event
  std::vector<bool> in_object_;  // open containers: true for an object

  void mark() {
    if (position_) *position_ = p_;
  }

  void skip_whitespace() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  bool at(char c) {
    skip_whitespace();
    return p_ != end_ && *p_ == c;
  }

  enum class Step { failed, value, opened };

  // One value and everything inside it, without recursion (nesting depth is the text's own).
  bool document() {
    for (;;) {
      const Step step = opening_value();
      if (step == Step::failed) return false;
      if (step == Step::opened) continue;
      if (!closing_containers()) return false;
      if (in_object_.empty()) return true;
    }
  }

  // A scalar or an empty container (Step::value), or the start of a container whose first value
  // comes next (Step::opened; an object's first key already read).
  Step opening_value() {
    skip_whitespace();
    if (p_ == end_) return Step::failed;
    bool taken = false;
    switch (*p_) {
      case '{': return opening_container(true);
      case '[': return opening_container(false);
      case '"':
        ++p_;
        taken = string() && handler_.string(text_);
        break;
      case 't': taken = literal("true", 4) && handler_.boolean(true); break;
      case 'f': taken = literal("false", 5) && handler_.boolean(false); break;
      case 'n': taken = literal("null", 4) && handler_.null(); break;
      default: taken = number();
    }
    return taken ? Step::value : Step::failed;
  }

  // `{` or `[` (p_ on it): an empty container is a whole value; otherwise it stays open.
  Step opening_container(bool object) {
    ++p_;
    mark();
    if (!(object ? handler_.start_object(kUnknownSize) : handler_.start_array(kUnknownSize))) return Step::failed;
    if (at(object ? '}' : ']')) {
      ++p_;
      mark();
      return (object ? handler_.end_object() : handler_.end_array()) ? Step::value : Step::failed;
    }
    in_object_.push_back(object);
    if (object && !member_key()) return Step::failed;
    return Step::opened;
  }

  // After a value: closes the containers that end here; stops before the next value of the
  // innermost one that goes on (its key read), or when the document's value is whole.
  bool closing_containers() {
    while (!in_object_.empty()) {
      skip_whitespace();
      if (p_ == end_) return false;
      const bool object = in_object_.back();
      if (*p_ == ',') {
        ++p_;
        return !object || member_key();
      }
      if (*p_ != (object ? '}' : ']')) return false;
      ++p_;
      mark();
      in_object_.pop_back();
      if (!(object ? handler_.end_object() : handler_.end_array())) return false;
    }
    return true;
  }

  // `"key" :` of an object member (its value comes next).
  bool member_key() {
    if (!at('"')) return false;
    ++p_;
    if (!string() || !handler_.key(text_)) return false;
    if (!at(':')) return false;
    ++p_;
    return true;
  }

  bool literal(const char* word, std::size_t length) {
    if (static_cast<std::size_t>(end_ - p_) < length) return false;
    for (std::size_t i = 0; i < length; ++i)
      if (p_[i] != word[i]) return false;
    p_ += length;
    return true;
  }

  // A string's characters after its opening quote, into text_ (escapes decoded); false for
  // anything nlohmann refuses: a control character, a bad escape, a lone surrogate, ill-formed
  // UTF-8.
  bool string() {
    text_.clear();
    for (;;) {
      const char* run = p_;
      while (end_ - p_ >= 8) {
        if (const std::uint64_t specials = byte_words::string_specials(byte_words::load(p_))) {
          p_ += byte_words::first_flagged(specials);
          break;
        }
        p_ += 8;
      }
      while (p_ != end_) {
        const unsigned char c = static_cast<unsigned char>(*p_);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
        ++p_;
      }
      text_.append(run, p_);
      if (p_ == end_) return false;
      const unsigned char c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        ++p_;
        return true;
      }
      if (c < 0x20) return false;
      if (c == '\\') {
        if (!escape()) return false;
      } else if (!utf8_sequence()) {
        return false;
      }
    }
  }

  bool escape() {
    ++p_;
    if (p_ == end_) return false;
    const char c = *p_++;
    switch (c) {
      case '"': text_ += '"'; return true;
      case '\\': text_ += '\\'; return true;
      case '/': text_ += '/'; return true;
      case 'b': text_ += '\b'; return true;
      case 'f': text_ += '\f'; return true;
      case 'n': text_ += '\n'; return true;
      case 'r': text_ += '\r'; return true;
      case 't': text_ += '\t'; return true;
      case 'u': break;
      default: return false;
    }
    int code = hex4();
    if (code < 0) return false;
    if (code >= 0xDC00 && code <= 0xDFFF) return false;
    if (code >= 0xD800 && code <= 0xDBFF) {
      if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') return false;
      p_ += 2;
      const int low = hex4();
      if (low < 0xDC00 || low > 0xDFFF) return false;
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    encode_utf8(static_cast<char32_t>(code), text_);
    return true;
  }

  int hex4() {
    if (end_ - p_ < 4) return -1;
    int value = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = *p_++;
      int digit = 0;
      if (c >= '0' && c <= '9') digit = c - '0';
      else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
      else return -1;
      value = value * 16 + digit;
    }
    return value;
  }

  // One well-formed UTF-8 sequence of two to four bytes (RFC 3629's table, as nlohmann checks).
  bool utf8_sequence() {
    const unsigned char lead = static_cast<unsigned char>(*p_);
    int more = 0;
    unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) more = 1;
    else if (lead == 0xE0) more = 2, low = 0xA0;
    else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) more = 2;
    else if (lead == 0xED) more = 2, high = 0x9F;
    else if (lead == 0xF0) more = 3, low = 0x90;
    else if (lead >= 0xF1 && lead <= 0xF3) more = 3;
    else if (lead == 0xF4) more = 3, high = 0x8F;
    else return false;
    if (end_ - p_ <= more) return false;
    for (int i = 1; i <= more; ++i) {
      const unsigned char c = static_cast<unsigned char>(p_[i]);
      const unsigned char lo = i == 1 ? low : 0x80, hi = i == 1 ? high : 0xBF;
      if (c < lo || c > hi) return false;
    }
    text_.append(p_, p_ + more + 1);
    p_ += more + 1;
    return true;
  }

  static bool digit(char c) { return c >= '0' && c <= '9'; }

  // nlohmann's number rules: an integer token is number_unsigned (no sign) or number_integer
  // (minus) when strtoull / strtoll take it whole without overflow, and otherwise, like every
  // token with a fraction or exponent, number_float from strtod (out of range: refused).
  bool number() {
    const char* start = p_;
    const bool negative = *p_ == '-';
    if (negative) ++p_;
    if (p_ == end_ || !digit(*p_)) return false;
    if (*p_ == '0') ++p_;
    else
      while (p_ != end_ && digit(*p_)) ++p_;
    bool integral = true;
    if (p_ != end_ && *p_ == '.') {
      integral = false;
      ++p_;
      if (p_ == end_ || !digit(*p_)) return false;
      while (p_ != end_ && digit(*p_)) ++p_;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      integral = false;
      ++p_;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !digit(*p_)) return false;
      while (p_ != end_ && digit(*p_)) ++p_;
    }
    const std::size_t length = static_cast<std::size_t>(p_ - start);
    // Up to 18 digits cannot overflow: the common case, without a copy.
    if (integral && length - (negative ? 1 : 0) <= 18) {
      std::int64_t value = 0;
      for (const char* d = start + (negative ? 1 : 0); d != p_; ++d) value = value * 10 + (*d - '0');
      if (negative) return handler_.number_integer(-value);
      return handler_.number_unsigned(static_cast<std::uint64_t>(value));
    }
    number_.assign(start, length);
    char* parsed_end = nullptr;
    if (integral) {
      errno = 0;
      if (negative) {
        const long long value = std::strtoll(number_.c_str(), &parsed_end, 10);
        if (errno == 0 && parsed_end == number_.c_str() + length) return handler_.number_integer(value);
      } else {
        const unsigned long long value = std::strtoull(number_.c_str(), &parsed_end, 10);
        if (errno == 0 && parsed_end == number_.c_str() + length) return handler_.number_unsigned(value);
      }
    }
    const double value = std::strtod(number_.c_str(), &parsed_end);
    if (parsed_end != number_.c_str() + length || !std::isfinite(value)) return false;
    return handler_.number_float(value, number_);
  }
};

// Runs a JsonScanner over [begin, end): true when the text was one JSON value, every event of
// which `handler` took.
template <class Handler>
bool scan_json(const char* begin, const char* end, Handler& handler, const char** position = nullptr) {
  return JsonScanner<Handler>(begin, end, handler, position).run();
}

}  // namespace placement
