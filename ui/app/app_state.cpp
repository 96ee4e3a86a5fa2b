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

bool AppState::undo() {
  if (undo_.empty()) return false;
  redo_.push_back(std::move(current_));
  current_ = std::move(undo_.back());
  undo_.pop_back();
  open_key_.clear();
  ++generation_;
  return true;
}

bool AppState::redo() {
  if (redo_.empty()) return false;
  undo_.push_back(std::move(current_));
  current_ = std::move(redo_.back());
  redo_.pop_back();
  open_key_.clear();
  ++generation_;
  return true;
}

}  // namespace placement::ui
