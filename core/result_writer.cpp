#include "result_writer.h"

#include <memory>
#include <string>
#include <string_view>

namespace placement {

namespace {

// nlohmann's serializer writes through an output adapter one character or run at a time; this
// one gathers them into a buffer and passes full buffers on.
class BufferedSink final : public nlohmann::detail::output_adapter_protocol<char> {
 public:
  explicit BufferedSink(const TextSink& sink) : sink_(sink) { buffer_.reserve(kSize); }
  ~BufferedSink() override = default;
  BufferedSink(const BufferedSink&) = delete;
  BufferedSink& operator=(const BufferedSink&) = delete;

  void write_character(char c) override {
    buffer_.push_back(c);
    if (buffer_.size() >= kSize) flush();
  }
  void write_characters(const char* s, std::size_t length) override {
    if (buffer_.size() + length > kSize) flush();
    if (length >= kSize) sink_(s, length);
    else buffer_.append(s, length);
  }
  void write(std::string_view s) { write_characters(s.data(), s.size()); }
  void flush() {
    if (!buffer_.empty()) sink_(buffer_.data(), buffer_.size());
    buffer_.clear();
  }

 private:
  static constexpr std::size_t kSize = 64 * 1024;
  const TextSink& sink_;
  std::string buffer_;
};

// Writes a pretty-printed object member by member, exactly as Json::dump(2) lays it out:
// "{\n", then `  "key": value` joined by ",\n", then "\n}" ("{}" when empty, "[]" likewise).
// Keys are the contract's own ASCII names, so they need no escaping.
class ObjectWriter {
 public:
  explicit ObjectWriter(const TextSink& sink)
      : out_(std::make_shared<BufferedSink>(sink)), serializer_(out_, ' ', Json::error_handler_t::replace) {}

  void member(std::string_view key, const Json& value) {
    open_member(key);
    serializer_.dump(value, true, false, 2, 2);
  }
  // A member whose value is an array written element by element (element(), then end_array()).
  void begin_array(std::string_view key) {
    open_member(key);
    elements_ = 0;
  }
  void element(const Json& value) {
    out_->write(elements_++ == 0 ? "[\n    " : ",\n    ");
    serializer_.dump(value, true, false, 2, 4);
  }
  void end_array() { out_->write(elements_ == 0 ? "[]" : "\n  ]"); }
  void end() {
    out_->write(members_ == 0 ? "{}\n" : "\n}\n");
    out_->flush();
  }

 private:
  void open_member(std::string_view key) {
    out_->write(members_++ == 0 ? "{\n  \"" : ",\n  \"");
    out_->write(key);
    out_->write("\": ");
  }

  std::shared_ptr<BufferedSink> out_;
  nlohmann::detail::serializer<Json> serializer_;
  int members_ = 0;
  int elements_ = 0;
};

}  // namespace

void write_result_text(const Json& result, const TextSink& sink) {
  auto out = std::make_shared<BufferedSink>(sink);
  nlohmann::detail::serializer<Json> serializer(out, ' ', Json::error_handler_t::replace);
  serializer.dump(result, true, false, 2);
  out->write_character('\n');
  out->flush();
}

void write_schedule_result_text(ScheduleResult&& r, const TextSink& sink) {
  const Json trace = r.trace.take_root();
  ObjectWriter out(sink);
  out.begin_array("candidates");
  for (const Candidate& c : r.candidates) out.element(candidate_to_json(c));
  out.end_array();
  const Json head = schedule_result_head(r, trace);
  for (auto it = head.begin(); it != head.end(); ++it) out.member(it.key(), it.value());
  out.member("trace", trace);
  out.end();
}

}  // namespace placement
