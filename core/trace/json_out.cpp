#include "trace/json_out.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

#include "scenario/byte_words.h"

namespace placement {

Json& JsonTreeOut::slot() {
  if (open_.empty()) return root_;
  Json& top = *open_.back();
  if (top.is_object()) return top[key_];
  top.push_back(nullptr);
  return top.back();
}

void JsonTreeOut::begin_object() {
  Json& s = slot();
  s = Json::object();
  open_.push_back(&s);
}

void JsonTreeOut::begin_array() {
  Json& s = slot();
  s = Json::array();
  open_.push_back(&s);
}

void JsonTreeOut::end_object() { open_.pop_back(); }

void JsonTreeOut::end_array() { open_.pop_back(); }

void JsonTreeOut::key(std::string_view k) { key_.assign(k); }

void JsonTreeOut::value(const Json& v) { slot() = v; }

void JsonTreeOut::string(std::string_view s) { slot() = std::string(s); }

namespace {

// Printable ASCII without quote or backslash reads as itself in JSON.
constexpr auto kPlainBytes = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x7F; ++c) plain[c] = c != '"' && c != '\\';
  return plain;
}();

// Whether `s` is all plain bytes: a word at a time (the last word overlapping), and strings
// shorter than a word a byte at a time.
bool plain_text(std::string_view s) {
  using namespace byte_words;
  const std::size_t n = s.size();
  if (n < 8) {
    for (const char c : s)
      if (!kPlainBytes[static_cast<unsigned char>(c)]) return false;
    return true;
  }
  const auto special = [](std::uint64_t w) { return (string_specials(w) | equal(w, 0x7F)) != 0; };
  for (std::size_t i = 0; i + 8 <= n; i += 8)
    if (special(load(s.data() + i))) return false;
  return !special(load(s.data() + n - 8));
}

// Below 1e15 an integral double's shortest round-trip digits are the integer's own (its
// neighbours are less than 1 apart), which nlohmann prints as "digits.0": no Grisu2 needed.
constexpr double kIntegralFastLimit = 1e15;

// Room asked for a 64-bit integer's digits ("-9223372036854775808" is 20 characters).
constexpr std::size_t kIntegerDigits = 24;

// Indents up to this deep are copied in one fixed-size move (room is asked for all of it).
constexpr std::size_t kQuickIndent = 64;
constexpr char kSpaces[kQuickIndent + 1] = "                                                                ";

char* put_indent(char* at, std::size_t spaces) {
  if (spaces <= kQuickIndent) std::memcpy(at, kSpaces, kQuickIndent);
  else std::memset(at, ' ', spaces);
  return at + spaces;
}

// The separator before a member, element or closing bracket and the indent of its line; `at`
// has room for it.
char* put_line_start(char* at, bool first, std::size_t spaces) {
  if (!first) *at++ = ',';
  *at++ = '\n';
  return put_indent(at, spaces);
}

}  // namespace

// nlohmann's serializer writes through an output adapter one character or run at a time; this
// one gathers them, and the printer's own pieces, in a fixed buffer and passes full buffers on.
class JsonTextOut::Buffer final : public nlohmann::detail::output_adapter_protocol<char> {
 public:
  static constexpr std::size_t kSize = 64 * 1024;

  explicit Buffer(TextSink sink) : sink_(std::move(sink)), text_(new char[kSize]) {}

  void write_character(char c) override {
    if (used_ == kSize) flush();
    text_[used_++] = c;
  }
  void write_characters(const char* s, std::size_t length) override {
    if (used_ + length > kSize) {
      flush();
      if (length >= kSize) {
        sink_(s, length);
        return;
      }
    }
    std::memcpy(text_.get() + used_, s, length);
    used_ += length;
  }
  void write(std::string_view s) { write_characters(s.data(), s.size()); }
  // Room for `length` more bytes (length < kSize): where to write them; commit() says how many were.
  char* room(std::size_t length) {
    if (used_ + length > kSize) flush();
    return text_.get() + used_;
  }
  void commit(char* end) { used_ = static_cast<std::size_t>(end - text_.get()); }
  void flush() {
    if (used_ > 0) sink_(text_.get(), used_);
    used_ = 0;
  }
  // nlohmann's text of a non-integral double (Grisu2: hundreds of instructions). A result repeats
  // few distinct fractions (scores, ratios) thousands of times, so the last text per slot is kept.
  std::string_view shortest_digits(double x) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    CachedDigits& slot = digits_[(bits ^ (bits >> 29) ^ (bits >> 41)) % kCachedDigits];
    if (slot.length == 0 || slot.bits != bits) {
      const char* end = nlohmann::detail::to_chars(slot.text, slot.text + sizeof slot.text, x);
      slot.bits = bits;
      slot.length = static_cast<unsigned char>(end - slot.text);
    }
    return {slot.text, slot.length};
  }
  // A new line: a comma first unless `first`, then the indent of `spaces`.
  void line_start(bool first, std::size_t spaces) {
    if (spaces + kQuickIndent + 2 < kSize) {
      commit(put_line_start(room(spaces + kQuickIndent + 2), first, spaces));
      return;
    }
    write(first ? "\n" : ",\n");
    for (std::size_t i = 0; i < spaces; ++i) write_character(' ');
  }

 private:
  // A copy: callers pass lambdas, whose std::function would otherwise die with the constructor's
  // full expression (ASan caught a test doing so).
  TextSink sink_;
  std::unique_ptr<char[]> text_;
  std::size_t used_ = 0;
  // A double's text is at most 24 characters ("-1.7976931348623157e+308" and the like).
  struct CachedDigits {
    std::uint64_t bits = 0;
    unsigned char length = 0;  // 0: empty slot
    char text[32];
  };
  static constexpr std::size_t kCachedDigits = 61;
  CachedDigits digits_[kCachedDigits];
};

JsonTextOut::JsonTextOut(const TextSink& sink)
    : buffer_(std::make_shared<Buffer>(sink)),
      serializer_(std::make_unique<nlohmann::detail::serializer<Json>>(buffer_, ' ', Json::error_handler_t::replace)) {}

JsonTextOut::~JsonTextOut() = default;

// Json::dump(2) puts every member and element on a line of its own, indented two spaces a level;
// a container with none stays "{}" / "[]" on one line.
void JsonTextOut::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (counts_.empty()) return;
  buffer_->line_start(counts_.back()++ == 0, 2 * counts_.size());
}

void JsonTextOut::open(char bracket) {
  before_value();
  buffer_->write_character(bracket);
  counts_.push_back(0);
}

void JsonTextOut::close(char bracket) {
  const std::size_t n = counts_.back();
  counts_.pop_back();
  if (n > 0) buffer_->line_start(true, 2 * counts_.size());
  buffer_->write_character(bracket);
}

void JsonTextOut::begin_object() { open('{'); }
void JsonTextOut::end_object() { close('}'); }
void JsonTextOut::begin_array() { open('['); }
void JsonTextOut::end_array() { close(']'); }

void JsonTextOut::key(std::string_view k) {
  const bool first = counts_.back()++ == 0;
  const std::size_t spaces = 2 * counts_.size();
  // The line start and a plain key take one request for room: a third of a result's lines are keys.
  const std::size_t length = spaces + kQuickIndent + 2 + k.size() + 4;
  if (length < Buffer::kSize && plain_text(k)) {
    char* at = put_line_start(buffer_->room(length), first, spaces);
    *at++ = '"';
    std::memcpy(at, k.data(), k.size());
    at += k.size();
    *at++ = '"';
    *at++ = ':';
    *at++ = ' ';
    buffer_->commit(at);
  } else {
    buffer_->line_start(first, spaces);
    quoted(k);
    buffer_->write(": ");
  }
  after_key_ = true;
}

void JsonTextOut::value(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null: null(); return;
    case Json::value_t::boolean: boolean(v.get_ref<const bool&>()); return;
    case Json::value_t::string: string(v.get_ref<const std::string&>()); return;
    case Json::value_t::number_integer: signed_number(v.get_ref<const std::int64_t&>()); return;
    case Json::value_t::number_unsigned: unsigned_number(v.get_ref<const std::uint64_t&>()); return;
    case Json::value_t::number_float: number(v.get_ref<const double&>()); return;
    default:
      before_value();
      serializer_->dump(v, true, false, 2, static_cast<unsigned>(2 * counts_.size()));
  }
}

void JsonTextOut::null() {
  before_value();
  buffer_->write("null");
}

void JsonTextOut::boolean(bool v) {
  before_value();
  buffer_->write(v ? "true" : "false");
}

void JsonTextOut::signed_number(std::int64_t v) {
  before_value();
  char* at = buffer_->room(kIntegerDigits);
  buffer_->commit(std::to_chars(at, at + kIntegerDigits, v).ptr);
}

void JsonTextOut::unsigned_number(std::uint64_t v) {
  before_value();
  char* at = buffer_->room(kIntegerDigits);
  buffer_->commit(std::to_chars(at, at + kIntegerDigits, v).ptr);
}

void JsonTextOut::number(double x) {
  before_value();
  if (!std::isfinite(x)) {
    buffer_->write("null");
    return;
  }
  if (x != 0 && std::fabs(x) < kIntegralFastLimit && x == std::trunc(x)) {
    char* at = buffer_->room(kIntegerDigits + 2);
    char* end = std::to_chars(at, at + kIntegerDigits, static_cast<std::int64_t>(x)).ptr;
    *end++ = '.';
    *end++ = '0';
    buffer_->commit(end);
  } else {
    buffer_->write(buffer_->shortest_digits(x));
  }
}

void JsonTextOut::string(std::string_view s) {
  before_value();
  quoted(s);
}

void JsonTextOut::quoted(std::string_view s) {
  // Anything but plain text (control characters, UTF-8, invalid bytes) takes nlohmann's own
  // escaping, so the bytes match dump().
  if (!plain_text(s)) {
    serializer_->dump(Json(std::string(s)), true, false, 2, 0);
    return;
  }
  if (s.size() + 2 < Buffer::kSize) {
    char* at = buffer_->room(s.size() + 2);
    *at++ = '"';
    std::memcpy(at, s.data(), s.size());
    at += s.size();
    *at++ = '"';
    buffer_->commit(at);
    return;
  }
  buffer_->write_character('"');
  buffer_->write(s);
  buffer_->write_character('"');
}

void JsonTextOut::raw(std::string_view text) { buffer_->write(text); }

void JsonTextOut::flush() { buffer_->flush(); }

}  // namespace placement
