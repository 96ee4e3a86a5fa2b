// The scenario being explored and its history: the document as loaded or edited (an
// nlohmann::ordered_json, so key order survives round trips), whole-document undo/redo, and a
// generation counter that the schedule service keys its answers by.
//
// Coalescing: edits that carry the same non-empty key one after another (a slider being dragged,
// text being typed) form one undo step until seal() is called (when the widget is released).
#pragma once

#include <cstdint>
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
  bool step_history(std::vector<Json>& from, std::vector<Json>& to);

  Json current_;
  std::vector<Json> undo_;
  std::vector<Json> redo_;
  std::string open_key_;
  std::uint64_t generation_ = 1;
};

}  // namespace placement::ui
