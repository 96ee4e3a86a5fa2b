#include "app/banner_state.h"

#include <algorithm>

namespace placement::ui {

void BannerState::add(bool error, const std::string& text) {
  // One line per kind: the newest error replaces the last error, the newest notice the last
  // notice, so messages never pile up. The same message again keeps its line (and its id).
  for (const BannerMessage& m : messages_)
    if (m.error == error && m.text == text) return;
  messages_.erase(std::remove_if(messages_.begin(), messages_.end(), [&](const BannerMessage& m) { return m.error == error; }),
                  messages_.end());
  messages_.push_back(BannerMessage{error, text, next_id_++});
}

void BannerState::dismiss(std::uint64_t id) {
  messages_.erase(std::remove_if(messages_.begin(), messages_.end(), [&](const BannerMessage& m) { return m.id == id; }),
                  messages_.end());
}

std::string BannerState::last_error() const {
  for (auto it = messages_.rbegin(); it != messages_.rend(); ++it)
    if (it->error) return it->text;
  return "";
}

}  // namespace placement::ui
