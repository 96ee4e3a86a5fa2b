// The scenario being explored and its history: the document as loaded or edited (an
// nlohmann::ordered_json, so key order survives round trips), undo/redo, and a generation counter
// that the schedule service keys its answers by.
//
// History: an edit of one value (a field typed, set()) keeps only that value's previous state, so
// editing a thousand-worker scenario copies nothing of the rest; elements appended to an array
// (append(): workers added) keep only their count, undo takes them off the end (and redo puts
// them back); an edit that replaces the document (commit()) keeps the whole previous document.
//
// Coalescing: edits that carry the same non-empty key one after another (a slider being dragged,
// text being typed) form one undo step until seal() is called (when the widget is released).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::ui {

class AppState {
 public:
  static constexpr std::size_t kMaxUndoSteps = 200;

  AppState();

  const Json& scenario() const { return current_; }
  // scenario() as text: dump(2), key order as loaded or edited (the embind scenario()).
  std::string scenario_text() const { return current_.dump(2); }
  // Increases on every change of the document (edit, undo, redo).
  std::uint64_t generation() const { return generation_; }

  // Replaces the document with `next` as one undo step (or merges into the open step when
  // `coalesce_key` equals the previous edit's key). An equal document is not an edit.
  void commit(Json next, const std::string& coalesce_key = "");
  // Sets the value at `pointer` (a new member of an existing object, or an existing member or
  // array element) as one undo step that remembers only the previous value; coalesces like
  // commit(). Anywhere else (a missing parent) it commits a copy of the document with the value set.
  // An equal value is not an edit. Throws what Json throws for a pointer that cannot be set.
  void set(const Json::json_pointer& pointer, Json value, const std::string& coalesce_key = "");
  // Appends `values` to the array at `pointer` as one undo step (never coalesced); does nothing
  // when there is no array there or nothing to append (false).
  bool append(const Json::json_pointer& pointer, std::vector<Json> values);
  // append() and then set() (when `value` is given) as one undo step: Deploy appends an instance
  // and raises the replicas. False, and nothing changed, when there is no array at `array` or
  // `pointer` names no slot set() could patch.
  bool append_and_set(const Json::json_pointer& array, std::vector<Json> values, const Json::json_pointer& pointer,
                      std::optional<Json> value);
  // Sets the document without history (start-up).
  void reset(Json document);
  // Ends the open coalesced step, so the next edit with the same key is a new step.
  void seal() { open_key_.clear(); }

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  bool undo();
  bool redo();
  std::size_t undo_depth() const { return undo_.size(); }
  std::size_t redo_depth() const { return redo_.size(); }

 private:
  // One step of history: the whole document, the value at `pointer` (nullopt: absent), or, for
  // the array at `pointer`, its last `drop_tail` elements to take off (undoing an append) or
  // `append` (an array) to put back on its end (redoing it); or `parts`, steps applied last
  // first (an edit of several places).
  struct Step {
    std::optional<Json> document;
    Json::json_pointer pointer;
    std::optional<Json> value;
    std::size_t drop_tail = 0;
    std::optional<Json> append;
    std::vector<Step> parts;
  };
  // Applies a drop_tail or append step; returns the step that reverses it.
  Step apply_tail(Step step);
  // Applies any step; returns the step that reverses it.
  Step apply(Step step);
  // Whether a new edit (a patch of `pointer`, or the whole document when null) merges into the
  // open step instead of starting one.
  bool merges(const std::string& coalesce_key, const Json::json_pointer* pointer) const;
  void push_undo(Step step, const std::string& coalesce_key);
  bool step_history(std::vector<Step>& from, std::vector<Step>& to);

  Json current_;
  std::vector<Step> undo_;
  std::vector<Step> redo_;
  std::string open_key_;
  std::uint64_t generation_ = 1;
};

}  // namespace placement::ui
