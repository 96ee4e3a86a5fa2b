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

// The object `members` with `key` put at `position` among its members (at the end past them).
Json with_member_at(Json& members, const std::string& key, Json value, std::size_t position) {
  Json rebuilt = Json::object();
  std::size_t i = 0;
  for (auto it = members.begin(); it != members.end(); ++it, ++i) {
    if (i == position) rebuilt[key] = std::move(value);
    rebuilt[it.key()] = std::move(*it);
  }
  if (position >= i) rebuilt[key] = std::move(value);
  return rebuilt;
}

// Puts `value` at `pointer` (absent: the member is removed); returns what was there. A new member
// goes to `position` among its object's members when given; a removed member's position is
// returned in it (else it is reset), so putting it back restores the key order.
std::optional<Json> swap_value(Json& doc, const Json::json_pointer& pointer, std::optional<Json> value, std::optional<std::size_t>& position) {
  std::optional<Json> before = value_at(doc, pointer);
  const std::optional<std::size_t> wanted = std::exchange(position, std::nullopt);
  if (value) {
    Json& parent = doc[pointer.parent_pointer()];
    if (!before && wanted && parent.is_object()) parent = with_member_at(parent, pointer.back(), std::move(*value), *wanted);
    else doc[pointer] = std::move(*value);
  } else if (before) {
    Json& parent = doc[pointer.parent_pointer()];
    const auto found = parent.find(pointer.back());
    position = std::size_t(std::distance(parent.begin(), found));
    parent.erase(found);
  }
  return before;
}

std::optional<Json> swap_value(Json& doc, const Json::json_pointer& pointer, std::optional<Json> value) {
  std::optional<std::size_t> at_end;
  return swap_value(doc, pointer, std::move(value), at_end);
}

void report(ChangeObserver* observer, DocumentChange::Kind kind, const Json::json_pointer& pointer, std::size_t index, const Json& doc) {
  if (observer) observer->changed(DocumentChange{kind, pointer, index}, doc);
}

// The array at `pointer`, or null.
Json* array_at(Json& doc, const Json::json_pointer& pointer) {
  if (!doc.contains(pointer)) return nullptr;
  Json& array = doc[pointer];
  return array.is_array() ? &array : nullptr;
}

}  // namespace

AppState::Step AppState::Step::whole(Json document) {
  Step s;
  s.document = std::move(document);
  return s;
}

AppState::Step AppState::Step::at(Json::json_pointer pointer, std::optional<Json> value, std::optional<std::size_t> position) {
  Step s;
  s.pointer = std::move(pointer);
  s.value = std::move(value);
  s.position = position;
  return s;
}

AppState::Step AppState::Step::tail(Json::json_pointer pointer, std::size_t drop, std::optional<Json> append) {
  Step s;
  s.pointer = std::move(pointer);
  s.drop_tail = drop;
  s.append = std::move(append);
  return s;
}

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

bool AppState::merges(const std::string& coalesce_key, const std::vector<DocumentPatch>& patches) const {
  if (coalesce_key.empty() || coalesce_key != open_key_ || undo_.empty() || patches.empty()) return false;
  const Step& open = undo_.back();
  if (open.document) return true;
  for (const DocumentPatch& p : patches) {
    if (p.erase || p.insert) return false;
    const auto kept = [&](const Step& part) { return part.pointer == p.pointer && !part.element && !part.drop_tail && !part.append; };
    if (std::none_of(open.parts.begin(), open.parts.end(), kept)) return false;
  }
  return true;
}

void AppState::push_undo(Step step, const std::string& coalesce_key) {
  step.serial = next_serial_++;
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
  Step step = Step::whole(std::move(current_));
  current_ = std::move(next);
  push_undo(std::move(step), coalesce_key);
}

void AppState::set(const Json::json_pointer& pointer, Json value, const std::string& coalesce_key, ChangeObserver* observer) {
  if (!patchable_parent(current_, pointer)) {
    Json next = current_;
    next[pointer] = std::move(value);
    const std::uint64_t before = generation_;
    commit(std::move(next), coalesce_key);
    if (generation_ != before) report(observer, DocumentChange::Kind::document, pointer, 0, current_);
    return;
  }
  if (current_.contains(pointer) && current_.at(pointer) == value) return;
  const bool merge = merges(coalesce_key, &pointer);
  std::optional<Json> before = swap_value(current_, pointer, std::move(value));
  report(observer, DocumentChange::Kind::value, pointer, 0, current_);
  if (merge) {
    redo_.clear();
    ++generation_;
    return;
  }
  push_undo(Step::at(pointer, std::move(before)), coalesce_key);
}

bool AppState::append(const Json::json_pointer& pointer, std::vector<Json> values, ChangeObserver* observer) {
  if (values.empty() || !current_.contains(pointer) || !current_.at(pointer).is_array()) return false;
  Json& array = current_[pointer];
  for (Json& v : values) array.push_back(std::move(v));
  report(observer, DocumentChange::Kind::tail_appended, pointer, values.size(), current_);
  push_undo(Step::tail(pointer, values.size(), std::nullopt), "");
  return true;
}

bool AppState::append_and_set(const Json::json_pointer& array, std::vector<Json> values, const Json::json_pointer& pointer,
                              std::optional<Json> value, ChangeObserver* observer) {
  if (values.empty() || !current_.contains(array) || !current_.at(array).is_array()) return false;
  if (value && !patchable_parent(current_, pointer)) return false;
  Step step;
  Json& list = current_[array];
  for (Json& v : values) list.push_back(std::move(v));
  report(observer, DocumentChange::Kind::tail_appended, array, values.size(), current_);
  step.parts.push_back(Step::tail(array, values.size(), std::nullopt));
  if (value) {
    step.parts.push_back(Step::at(pointer, swap_value(current_, pointer, std::move(value))));
    report(observer, DocumentChange::Kind::value, pointer, 0, current_);
  }
  push_undo(std::move(step), "");
  return true;
}

std::optional<AppState::Step> AppState::apply_patch(DocumentPatch patch, ChangeObserver* observer, bool& noop) {
  noop = false;
  Step step;
  step.pointer = std::move(patch.pointer);
  if (patch.erase) {
    const Json* array = array_at(current_, step.pointer);
    if (!array || *patch.erase >= array->size()) return std::nullopt;
    step.element = patch.erase;
    return apply_element(std::move(step), observer);
  }
  if (patch.insert) {
    const Json* array = array_at(current_, step.pointer);
    if (!array || *patch.insert > array->size() || !patch.value) return std::nullopt;
    step.element = patch.insert;
    step.insert = std::move(patch.value);
    return apply_element(std::move(step), observer);
  }
  const Json* parent = patchable_parent(current_, step.pointer);
  // A member can be removed; an array element only replaced.
  if (!parent || (!patch.value && !parent->is_object())) return std::nullopt;
  const std::optional<Json> now = value_at(current_, step.pointer);
  if (now == patch.value) {
    noop = true;
    return step;
  }
  step.value = std::move(patch.value);
  return apply(std::move(step), observer);
}

bool AppState::patch(std::vector<DocumentPatch> patches, ChangeObserver* observer, const std::string& coalesce_key) {
  const bool merge = merges(coalesce_key, patches);
  Step step;
  bool changed = false;
  for (DocumentPatch& p : patches) {
    bool noop = false;
    std::optional<Step> reverse = apply_patch(std::move(p), observer, noop);
    if (!reverse) {
      // Put back what the earlier patches changed (the observer sees that too).
      if (!step.parts.empty()) apply(std::move(step), observer);
      return false;
    }
    changed |= !noop;
    if (!noop) step.parts.push_back(std::move(*reverse));
    // A coalescing step keeps the places a patch left as they were too (a value patch: only those
    // are no-ops), so the next patch of them merges; their value now is the one from before.
    else if (!coalesce_key.empty() && patchable_parent(current_, reverse->pointer))
      step.parts.push_back(Step::at(reverse->pointer, value_at(current_, reverse->pointer)));
  }
  if (!changed) return false;
  if (merge) {
    redo_.clear();
    ++generation_;
    return true;
  }
  push_undo(std::move(step), coalesce_key);
  return true;
}

AppState::Step AppState::apply(Step step, ChangeObserver* observer) {
  if (!step.parts.empty()) {
    // Undone last part first; the reverse step then holds the parts' reverses in that order, so
    // applying it (again last first) redoes them in their first order.
    Step reverse;
    for (auto part = step.parts.rbegin(); part != step.parts.rend(); ++part) reverse.parts.push_back(apply(std::move(*part), observer));
    return reverse;
  }
  if (step.document) {
    Step reverse = Step::whole(std::exchange(current_, std::move(*step.document)));
    report(observer, DocumentChange::Kind::document, step.pointer, 0, current_);
    return reverse;
  }
  if (step.drop_tail || step.append) return apply_tail(std::move(step), observer);
  if (step.element) return apply_element(std::move(step), observer);
  std::optional<std::size_t> position = step.position;
  std::optional<Json> replaced = swap_value(current_, step.pointer, std::move(step.value), position);
  report(observer, DocumentChange::Kind::value, step.pointer, 0, current_);
  return Step::at(std::move(step.pointer), std::move(replaced), position);
}

AppState::Step AppState::apply_tail(Step step, ChangeObserver* observer) {
  Json& array = current_[step.pointer];
  Step reverse = Step::tail(step.pointer, 0, std::nullopt);
  if (step.append) {
    reverse.drop_tail = step.append->size();
    for (Json& v : *step.append) array.push_back(std::move(v));
    report(observer, DocumentChange::Kind::tail_appended, step.pointer, reverse.drop_tail, current_);
    return reverse;
  }
  const std::size_t n = std::min(step.drop_tail, array.size());
  Json dropped = Json::array();
  for (std::size_t i = array.size() - n; i < array.size(); ++i) dropped.push_back(std::move(array[i]));
  array.erase(array.end() - std::ptrdiff_t(n), array.end());
  reverse.append = std::move(dropped);
  report(observer, DocumentChange::Kind::tail_dropped, step.pointer, n, current_);
  return reverse;
}

AppState::Step AppState::apply_element(Step step, ChangeObserver* observer) {
  Json& array = current_[step.pointer];
  const std::size_t index = *step.element;
  Step reverse;
  reverse.pointer = step.pointer;
  reverse.element = index;
  if (step.insert) {
    array.insert(array.begin() + std::ptrdiff_t(index), std::move(*step.insert));
    report(observer, DocumentChange::Kind::inserted, step.pointer, index, current_);
    return reverse;
  }
  reverse.insert = std::move(array[index]);
  array.erase(array.begin() + std::ptrdiff_t(index));
  report(observer, DocumentChange::Kind::erased, step.pointer, index, current_);
  return reverse;
}

bool AppState::undo(ChangeObserver* observer) { return step_history(undo_, redo_, observer); }
bool AppState::redo(ChangeObserver* observer) { return step_history(redo_, undo_, observer); }

// Undo and redo are the same move between the two stacks, in opposite directions: the step's
// state goes in, the state it replaces goes to the other stack.
bool AppState::step_history(std::vector<Step>& from, std::vector<Step>& to, ChangeObserver* observer) {
  if (from.empty()) return false;
  Step step = std::move(from.back());
  from.pop_back();
  const std::uint64_t serial = step.serial;
  to.push_back(apply(std::move(step), observer));
  to.back().serial = serial;
  open_key_.clear();
  ++generation_;
  return true;
}

}  // namespace placement::ui
