#include "result_writer.h"

#include <memory>
#include <string>

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
  void flush() {
    if (!buffer_.empty()) sink_(buffer_.data(), buffer_.size());
    buffer_.clear();
  }

 private:
  static constexpr std::size_t kSize = 64 * 1024;
  const TextSink& sink_;
  std::string buffer_;
};

}  // namespace

void write_result_text(const Json& result, const TextSink& sink) {
  auto out = std::make_shared<BufferedSink>(sink);
  nlohmann::detail::serializer<Json> serializer(out, ' ', Json::error_handler_t::replace);
  serializer.dump(result, true, false, 2);
  out->write_character('\n');
  out->flush();
}

}  // namespace placement
