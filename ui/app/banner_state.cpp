#include "app/banner_state.h"

#include <algorithm>

namespace placement::ui {

void BannerState::add(bool error, const std::string& text) {
  // The same message twice in a row (a button pressed again) stays one line.
  if (!messages_.empty() && messages_.back().error == error && messages_.back().text == text) return;
  messages_.push_back(BannerMessage{error, text, next_id_++});
  if (messages_.size() > kKept) messages_.erase(messages_.begin());
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
