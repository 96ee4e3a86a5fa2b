// Messages for the banner at the top of the app: errors from bad input (with their JSON pointer
// or byte offset) and notices. One line per kind (the newest error, the newest notice, newest
// last); each can be dismissed. A notice that tells of an edit ("Applied: ...", "Deployed ...")
// follows that edit's undo step: undoing the step turns it into "Undone: ...", redoing it into
// "Redone: ...", so the banner never says an edit is in place when it is not.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace placement::ui {

struct BannerMessage {
  bool error = false;
  std::string text;
  std::uint64_t id = 0;
  std::uint64_t step = 0;  // the undo step (AppState::undo_step()) the notice tells of; 0: none
  std::string subject;     // what the step did, for "Undone: " / "Redone: "
};

class BannerState {
 public:
  void error(const std::string& text) { add(true, text); }
  void notice(const std::string& text) { add(false, text); }
  // A notice of the edit whose undo step is `step` (0: not an edit, a plain notice); `subject`
  // names the edit when it is undone or redone (empty: the text itself).
  void edit_notice(const std::string& text, std::uint64_t step, const std::string& subject = "");
  // The step was undone / redone: its notice, if it is still shown, says so.
  void step_undone(std::uint64_t step) { retell(step, "Undone: "); }
  void step_redone(std::uint64_t step) { retell(step, "Redone: "); }
  void dismiss(std::uint64_t id);
  void clear() { messages_.clear(); }
  const std::vector<BannerMessage>& messages() const { return messages_; }
  // The newest error's text, or empty.
  std::string last_error() const;

 private:
  void add(bool error, const std::string& text);
  void retell(std::uint64_t step, const char* prefix);
  std::vector<BannerMessage> messages_;
  std::uint64_t next_id_ = 1;
};

}  // namespace placement::ui
