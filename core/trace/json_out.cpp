#include "trace/json_out.h"

#include <utility>

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

// nlohmann's serializer writes through an output adapter one character or run at a time; this
// one gathers them and passes full buffers on.
class JsonTextOut::Buffer final : public nlohmann::detail::output_adapter_protocol<char> {
 public:
  explicit Buffer(TextSink sink) : sink_(std::move(sink)) { text_.reserve(kSize); }

  void write_character(char c) override {
    if (text_.size() >= kSize) flush();
    text_.push_back(c);
  }
  void write_characters(const char* s, std::size_t length) override {
    if (text_.size() + length > kSize) flush();
    if (length >= kSize) sink_(s, length);
    else text_.append(s, length);
  }
  void write(std::string_view s) { write_characters(s.data(), s.size()); }
  void indent(std::size_t spaces) {
    if (text_.size() + spaces > kSize) flush();
    text_.append(spaces, ' ');
  }
  void flush() {
    if (!text_.empty()) sink_(text_.data(), text_.size());
    text_.clear();
  }

 private:
  static constexpr std::size_t kSize = 64 * 1024;
  // A copy: callers pass lambdas, whose std::function would otherwise die with the constructor's
  // full expression (ASan caught a test doing so).
  TextSink sink_;
  std::string text_;
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
  buffer_->write(counts_.back()++ == 0 ? "\n" : ",\n");
  buffer_->indent(2 * counts_.size());
}

void JsonTextOut::open(char bracket) {
  before_value();
  buffer_->write_character(bracket);
  counts_.push_back(0);
}

void JsonTextOut::close(char bracket) {
  const std::size_t n = counts_.back();
  counts_.pop_back();
  if (n > 0) {
    buffer_->write_character('\n');
    buffer_->indent(2 * counts_.size());
  }
  buffer_->write_character(bracket);
}

void JsonTextOut::begin_object() { open('{'); }
void JsonTextOut::end_object() { close('}'); }
void JsonTextOut::begin_array() { open('['); }
void JsonTextOut::end_array() { close(']'); }

void JsonTextOut::key(std::string_view k) {
  buffer_->write(counts_.back()++ == 0 ? "\n" : ",\n");
  buffer_->indent(2 * counts_.size());
  quoted(k);
  buffer_->write(": ");
  after_key_ = true;
}

void JsonTextOut::value(const Json& v) {
  before_value();
  serializer_->dump(v, true, false, 2, static_cast<unsigned>(2 * counts_.size()));
}

void JsonTextOut::string(std::string_view s) {
  before_value();
  quoted(s);
}

void JsonTextOut::quoted(std::string_view s) {
  // Printable ASCII without quote or backslash reads as itself; anything else (control
  // characters, UTF-8, invalid bytes) takes nlohmann's own escaping, so the bytes match dump().
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u > 0x7E || c == '"' || c == '\\') {
      serializer_->dump(Json(std::string(s)), true, false, 2, 0);
      return;
    }
  }
  buffer_->write_character('"');
  buffer_->write(s);
  buffer_->write_character('"');
}

void JsonTextOut::raw(std::string_view text) { buffer_->write(text); }

void JsonTextOut::flush() { buffer_->flush(); }

}  // namespace placement
