#include "app/app_state.h"

#include <algorithm>
#include <utility>

namespace placement::ui {

namespace {

// The container `pointer` names a slot of, when set() can patch it: an object (the member may be
// new) or an array with that element.
Json* patchable_parent(Json& doc, const Json::json_pointer& pointer) {
  if (pointer.empty()) return nullptr;
  const Json::json_pointer parent_pointer = pointer.parent_pointer();
  if (!doc.contains(parent_pointer)) return nullptr;
  Json& parent = doc[parent_pointer];
  if (parent.is_object()) return &parent;
  if (!parent.is_array()) return nullptr;
  return doc.contains(pointer) ? &parent : nullptr;
}

// The value at `pointer`, or nullopt when absent.
std::optional<Json> value_at(const Json& doc, const Json::json_pointer& pointer) {
  if (!doc.contains(pointer)) return std::nullopt;
  return doc.at(pointer);
}

// Puts `value` at `pointer` (absent: the member is removed); returns what was there.
std::optional<Json> swap_value(Json& doc, const Json::json_pointer& pointer, std::optional<Json> value) {
  std::optional<Json> before = value_at(doc, pointer);
  if (value) doc[pointer] = std::move(*value);
  else if (before) doc[pointer.parent_pointer()].erase(pointer.back());
  return before;
}

}  // namespace

AppState::AppState() : current_(Json::object()) {}

void AppState::reset(Json document) {
  current_ = std::move(document);
  undo_.clear();
  redo_.clear();
  open_key_.clear();
  ++generation_;
}

bool AppState::merges(const std::string& coalesce_key, const Json::json_pointer* pointer) const {
  if (coalesce_key.empty() || coalesce_key != open_key_ || undo_.empty()) return false;
  // A whole document before the step undoes anything; a value undoes only an edit of that value.
  const Step& open = undo_.back();
  return open.document || (pointer && open.pointer == *pointer);
}

void AppState::push_undo(Step step, const std::string& coalesce_key) {
  undo_.push_back(std::move(step));
  if (undo_.size() > kMaxUndoSteps) undo_.erase(undo_.begin());
  redo_.clear();
  open_key_ = coalesce_key;
  ++generation_;
}

void AppState::commit(Json next, const std::string& coalesce_key) {
  if (next == current_) return;
  if (merges(coalesce_key, nullptr)) {
    current_ = std::move(next);
    redo_.clear();
    ++generation_;
    return;
  }
  Step step{std::move(current_), Json::json_pointer(), std::nullopt};
  current_ = std::move(next);
  push_undo(std::move(step), coalesce_key);
}

void AppState::set(const Json::json_pointer& pointer, Json value, const std::string& coalesce_key) {
  if (!patchable_parent(current_, pointer)) {
    Json next = current_;
    next[pointer] = std::move(value);
    commit(std::move(next), coalesce_key);
    return;
  }
  if (current_.contains(pointer) && current_.at(pointer) == value) return;
  const bool merge = merges(coalesce_key, &pointer);
  std::optional<Json> before = swap_value(current_, pointer, std::move(value));
  if (merge) {
    redo_.clear();
    ++generation_;
    return;
  }
  push_undo(Step{std::nullopt, pointer, std::move(before)}, coalesce_key);
}

bool AppState::append(const Json::json_pointer& pointer, std::vector<Json> values) {
  if (values.empty() || !current_.contains(pointer) || !current_.at(pointer).is_array()) return false;
  Json& array = current_[pointer];
  for (Json& v : values) array.push_back(std::move(v));
  push_undo(Step{std::nullopt, pointer, std::nullopt, values.size(), std::nullopt}, "");
  return true;
}

bool AppState::append_and_set(const Json::json_pointer& array, std::vector<Json> values, const Json::json_pointer& pointer,
                              std::optional<Json> value) {
  if (values.empty() || !current_.contains(array) || !current_.at(array).is_array()) return false;
  if (value && !patchable_parent(current_, pointer)) return false;
  Step step;
  Json& list = current_[array];
  for (Json& v : values) list.push_back(std::move(v));
  step.parts.push_back(Step{std::nullopt, array, std::nullopt, values.size(), std::nullopt, {}});
  if (value) step.parts.push_back(Step{std::nullopt, pointer, swap_value(current_, pointer, std::move(value)), 0, std::nullopt, {}});
  push_undo(std::move(step), "");
  return true;
}

AppState::Step AppState::apply(Step step) {
  if (!step.parts.empty()) {
    // Undone last part first; the reverse step then holds the parts' reverses in that order, so
    // applying it (again last first) redoes them in their first order.
    Step reverse;
    for (auto part = step.parts.rbegin(); part != step.parts.rend(); ++part) reverse.parts.push_back(apply(std::move(*part)));
    return reverse;
  }
  if (step.document) return Step{std::exchange(current_, std::move(*step.document)), Json::json_pointer(), std::nullopt};
  if (step.drop_tail || step.append) return apply_tail(std::move(step));
  std::optional<Json> replaced = swap_value(current_, step.pointer, std::move(step.value));
  return Step{std::nullopt, std::move(step.pointer), std::move(replaced)};
}

AppState::Step AppState::apply_tail(Step step) {
  Json& array = current_[step.pointer];
  Step reverse{std::nullopt, step.pointer, std::nullopt, 0, std::nullopt};
  if (step.append) {
    reverse.drop_tail = step.append->size();
    for (Json& v : *step.append) array.push_back(std::move(v));
    return reverse;
  }
  const std::size_t n = std::min(step.drop_tail, array.size());
  Json dropped = Json::array();
  for (std::size_t i = array.size() - n; i < array.size(); ++i) dropped.push_back(std::move(array[i]));
  array.erase(array.end() - std::ptrdiff_t(n), array.end());
  reverse.append = std::move(dropped);
  return reverse;
}

bool AppState::undo() { return step_history(undo_, redo_); }
bool AppState::redo() { return step_history(redo_, undo_); }

// Undo and redo are the same move between the two stacks, in opposite directions: the step's
// state goes in, the state it replaces goes to the other stack.
bool AppState::step_history(std::vector<Step>& from, std::vector<Step>& to) {
  if (from.empty()) return false;
  Step step = std::move(from.back());
  from.pop_back();
  to.push_back(apply(std::move(step)));
  open_key_.clear();
  ++generation_;
  return true;
}

}  // namespace placement::ui
