// Messages for the banner at the top of the app: errors from bad input (with their JSON pointer
// or byte offset) and notices. One line per kind (the newest error, the newest notice, newest
// last); each can be dismissed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace placement::ui {

struct BannerMessage {
  bool error = false;
  std::string text;
  std::uint64_t id = 0;
};

class BannerState {
 public:
  void error(const std::string& text) { add(true, text); }
  void notice(const std::string& text) { add(false, text); }
  void dismiss(std::uint64_t id);
  void clear() { messages_.clear(); }
  const std::vector<BannerMessage>& messages() const { return messages_; }
  // The newest error's text, or empty.
  std::string last_error() const;

 private:
  void add(bool error, const std::string& text);
  std::vector<BannerMessage> messages_;
  std::uint64_t next_id_ = 1;
};

}  // namespace placement::ui
