// json.loads(str) acceptance as CPython 3.11's C scanner decides it: a leading byte-order mark is
// refused; white space is ' ', '\t', '\n', '\r'; NaN, Infinity and -Infinity are values; numbers
// follow JSON's grammar but any magnitude is fine (1e400 is inf); strings refuse raw control
// characters and unknown escapes, and take lone surrogate escapes.
#include "scenario/python_text.h"

namespace placement {

namespace {

class Scanner {
 public:
  explicit Scanner(const std::string& s) : s_(s) {}

  bool document() {
    if (s_.rfind("\xEF\xBB\xBF", 0) == 0) return false;
    skip_space();
    if (!value(0)) return false;
    skip_space();
    return i_ == s_.size();
  }

 private:
  // Nesting beyond this is refused instead of risking the stack (CPython raises RecursionError,
  // which is not a JSONDecodeError, near depth 1000; no scenario comes near either).
  static constexpr int kMaxDepth = 10000;

  const std::string& s_;
  std::size_t i_ = 0;

  bool at(char c) const { return i_ < s_.size() && s_[i_] == c; }
  bool digit() const { return i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9'; }
  void skip_space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool literal(const char* word) {
    const std::string w(word);
    if (s_.compare(i_, w.size(), w) != 0) return false;
    i_ += w.size();
    return true;
  }

  bool value(int depth) {
    if (i_ >= s_.size() || depth > kMaxDepth) return false;
    switch (s_[i_]) {
      case '"': return string();
      case '{': return object(depth + 1);
      case '[': return array(depth + 1);
      case 'n': return literal("null");
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'N': return literal("NaN");
      case 'I': return literal("Infinity");
      case '-':
        if (s_.compare(i_, 9, "-Infinity") == 0) return literal("-Infinity");
        return number();
      default: return number();
    }
  }

  bool number() {
    if (at('-')) ++i_;
    if (at('0')) ++i_;
    else if (digit()) while (digit()) ++i_;
    else return false;
    // A '.' or exponent without digits ends the number; what follows is then out of place.
    if (at('.') && i_ + 1 < s_.size() && s_[i_ + 1] >= '0' && s_[i_ + 1] <= '9') {
      ++i_;
      while (digit()) ++i_;
    }
    if (at('e') || at('E')) {
      const std::size_t start = i_++;
      if (at('+') || at('-')) ++i_;
      if (!digit()) i_ = start;
      while (digit()) ++i_;
    }
    return true;
  }

  static bool hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

  bool string() {
    ++i_;  // the opening quote
    while (i_ < s_.size()) {
      const unsigned char c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        return true;
      }
      if (c < 0x20) return false;  // strict: no raw control characters
      if (c != '\\') {
        ++i_;
        continue;
      }
      if (++i_ >= s_.size()) return false;
      const char e = s_[i_++];
      if (e == 'u') {
        for (int k = 0; k < 4; ++k, ++i_)
          if (i_ >= s_.size() || !hex(s_[i_])) return false;
      } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos) {
        return false;
      }
    }
    return false;  // unterminated
  }

  // After an opening bracket: `close` at once, or `item (, item)* close`; no trailing comma.
  template <class Item>
  bool sequence(char close, Item item) {
    ++i_;
    skip_space();
    if (at(close)) return ++i_, true;
    while (true) {
      if (!item()) return false;
      skip_space();
      if (at(close)) return ++i_, true;
      if (!at(',')) return false;
      ++i_;
      skip_space();
    }
  }

  bool object(int depth) {
    return sequence('}', [&] {
      if (!at('"') || !string()) return false;
      skip_space();
      if (!at(':')) return false;
      ++i_;
      skip_space();
      return value(depth);
    });
  }

  bool array(int depth) {
    return sequence(']', [&] { return value(depth); });
  }
};

}  // namespace

bool python_json_loads_accepts(const std::string& text) { return Scanner(text).document(); }

}  // namespace placement
