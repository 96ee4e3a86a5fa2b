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
  messages_.push_back(BannerMessage{error, text, next_id_++, 0, ""});
}

void BannerState::edit_notice(const std::string& text, std::uint64_t step, const std::string& subject) {
  add(false, text);
  for (BannerMessage& m : messages_)
    if (!m.error && m.text == text) m.step = step, m.subject = subject.empty() ? text : subject;
}

void BannerState::retell(std::uint64_t step, const char* prefix) {
  if (step == 0) return;
  for (BannerMessage& m : messages_)
    if (!m.error && m.step == step) m.text = prefix + m.subject;
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
