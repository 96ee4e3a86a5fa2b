#include "app/app_state.h"

#include <utility>

namespace placement::ui {

AppState::AppState() : current_(Json::object()) {}

void AppState::reset(Json document) {
  current_ = std::move(document);
  undo_.clear();
  redo_.clear();
  open_key_.clear();
  ++generation_;
}

void AppState::commit(Json next, const std::string& coalesce_key) {
  if (next == current_) return;
  const bool merge = !coalesce_key.empty() && coalesce_key == open_key_ && !undo_.empty();
  if (!merge) {
    undo_.push_back(std::move(current_));
    if (undo_.size() > kMaxUndoSteps) undo_.erase(undo_.begin());
  }
  current_ = std::move(next);
  redo_.clear();
  open_key_ = coalesce_key;
  ++generation_;
}

bool AppState::undo() { return step_history(undo_, redo_); }
bool AppState::redo() { return step_history(redo_, undo_); }

// Undo and redo are the same move between the two stacks, in opposite directions.
bool AppState::step_history(std::vector<Json>& from, std::vector<Json>& to) {
  if (from.empty()) return false;
  to.push_back(std::move(current_));
  current_ = std::move(from.back());
  from.pop_back();
  open_key_.clear();
  ++generation_;
  return true;
}

}  // namespace placement::ui
