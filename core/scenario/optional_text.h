// An optional string that costs one pointer while absent. A GPU carries four of them (runtime
// version, architecture family, NIC status and address) that most scenarios leave out; as
// std::optional<std::string> they were 160 of a GPU's 272 bytes, over a megabyte of a
// thousand-worker scenario's heap. Reads like std::optional<std::string>; copies deeply.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace placement {

class OptionalText {
 public:
  OptionalText() = default;
  OptionalText(std::nullopt_t) {}  // NOLINT: mirrors std::optional
  OptionalText(std::string text) : text_(std::make_unique<std::string>(std::move(text))) {}  // NOLINT
  OptionalText(const std::optional<std::string>& text) {  // NOLINT
    if (text) text_ = std::make_unique<std::string>(*text);
  }
  OptionalText(const OptionalText& other) : OptionalText(other.get()) {}
  OptionalText(OptionalText&&) noexcept = default;
  OptionalText& operator=(const OptionalText& other) {
    if (this != &other) text_ = other.text_ ? std::make_unique<std::string>(*other.text_) : nullptr;
    return *this;
  }
  OptionalText& operator=(OptionalText&&) noexcept = default;
  ~OptionalText() = default;

  bool has_value() const { return text_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  const std::string& operator*() const { return *text_; }
  std::string& operator*() { return *text_; }
  const std::string* operator->() const { return text_.get(); }
  std::string* operator->() { return text_.get(); }
  std::string& emplace() {
    text_ = std::make_unique<std::string>();
    return *text_;
  }
  void reset() { text_.reset(); }

  std::optional<std::string> get() const { return text_ ? std::optional<std::string>(*text_) : std::nullopt; }
  operator std::optional<std::string>() const { return get(); }  // NOLINT: reads as one

  friend bool operator==(const OptionalText& a, const OptionalText& b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }
  friend bool operator==(const std::optional<std::string>& a, const OptionalText& b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }

 private:
  std::unique_ptr<std::string> text_;
};

}  // namespace placement
