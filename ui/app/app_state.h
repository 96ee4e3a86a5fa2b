// The scenario being explored and its history: the document as loaded or edited (an
// nlohmann::ordered_json, so key order survives round trips), undo/redo, and a generation counter
// that the schedule service keys its answers by.
//
// History: an edit of one value (a field typed, set()) keeps only that value's previous state, so
// editing a thousand-worker scenario copies nothing of the rest; elements appended to an array
// (append(): workers added) keep only their count, undo takes them off the end (and redo puts
// them back); an edit that replaces the document (commit()) keeps the whole previous document;
// an edit of several places (patch(): a worker removed with its instances, a scale-down) keeps
// what each place held, an array element erased as its index and value.
//
// Every change of the document by set(), append(), append_and_set(), patch(), undo() and redo()
// is reported, as it is made, to the ChangeObserver the caller passes (the app follows it on the
// typed Scenario, typed_follower.h).
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

// One place of the document changed, reported right after the change.
struct DocumentChange {
  enum class Kind {
    document,       // the whole document replaced
    value,          // the value at `pointer` set, or removed (absent now)
    erased,         // element `index` of the array at `pointer` erased
    inserted,       // an element inserted at `index` of the array at `pointer`
    tail_dropped,   // the last `index` elements of the array at `pointer` taken off
    tail_appended,  // `index` elements appended to the array at `pointer`
  };
  Kind kind;
  const Json::json_pointer& pointer;
  std::size_t index = 0;
};

class ChangeObserver {
 public:
  virtual ~ChangeObserver() = default;
  // `document`: the document right after `change` (before the next change of the same edit).
  virtual void changed(const DocumentChange& change, const Json& document) = 0;
};

// One place patch() changes: the value at `pointer` (a slot set() can patch; nullopt: the member
// is removed), or, with `erase`, element *erase of the array at `pointer` is erased, or, with
// `insert`, `value` is inserted at *insert of that array (at most its size: the end).
struct DocumentPatch {
  Json::json_pointer pointer;
  std::optional<Json> value;
  std::optional<std::size_t> erase;
  std::optional<std::size_t> insert = std::nullopt;
};

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
  void set(const Json::json_pointer& pointer, Json value, const std::string& coalesce_key = "", ChangeObserver* observer = nullptr);
  // Appends `values` to the array at `pointer` as one undo step (never coalesced); does nothing
  // when there is no array there or nothing to append (false).
  bool append(const Json::json_pointer& pointer, std::vector<Json> values, ChangeObserver* observer = nullptr);
  // append() and then set() (when `value` is given) as one undo step: Deploy appends an instance
  // and raises the replicas. False, and nothing changed, when there is no array at `array` or
  // `pointer` names no slot set() could patch.
  bool append_and_set(const Json::json_pointer& array, std::vector<Json> values, const Json::json_pointer& pointer,
                      std::optional<Json> value, ChangeObserver* observer = nullptr);
  // Applies `patches` in their order as one undo step (undone last first), each keeping only what
  // its place held. Patches that change nothing are left out. False, and the document as it was,
  // when none changes anything or one names no place it can patch (a missing parent, an erase
  // past the end or of no array). With a `coalesce_key`, patches of values (no erase) merge into
  // the open step like set() when that step kept every place they name: the step then keeps each
  // place's value from before the first of them (a place a patch left as it was included).
  bool patch(std::vector<DocumentPatch> patches, ChangeObserver* observer = nullptr, const std::string& coalesce_key = "");
  // Sets the document without history (start-up).
  void reset(Json document);
  // Ends the open coalesced step, so the next edit with the same key is a new step.
  void seal() { open_key_.clear(); }

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  bool undo(ChangeObserver* observer = nullptr);
  bool redo(ChangeObserver* observer = nullptr);
  std::size_t undo_depth() const { return undo_.size(); }
  std::size_t redo_depth() const { return redo_.size(); }
  // Which undo step undo() would take back, and which redo() would put back again (0: none). Each
  // step has a number of its own that stays with it through undo and redo (the banner's notice
  // of an edit follows its step by it); an edit coalesced into the open step keeps its number.
  std::uint64_t undo_step() const { return undo_.empty() ? 0 : undo_.back().serial; }
  std::uint64_t redo_step() const { return redo_.empty() ? 0 : redo_.back().serial; }

 private:
  // One step of history: the whole document, the value at `pointer` (nullopt: absent), or, for
  // the array at `pointer`, its last `drop_tail` elements to take off (undoing an append) or
  // `append` (an array) to put back on its end (redoing it), or its element `element` to erase
  // or, with `insert`, to put there; or `parts`, steps applied last first (an edit of several
  // places).
  struct Step {
    std::optional<Json> document;
    Json::json_pointer pointer;
    std::optional<Json> value;
    std::size_t drop_tail = 0;
    std::optional<Json> append;
    std::vector<Step> parts;
    std::optional<std::size_t> element;
    std::optional<Json> insert;
    // Where in its object a member `value` puts back goes (it was removed from there), so undo
    // gives back the key order too; nullopt: the end.
    std::optional<std::size_t> position;
    std::uint64_t serial = 0;  // undo_step(); set when pushed, kept by the step's reverse

    static Step whole(Json document);
    static Step at(Json::json_pointer pointer, std::optional<Json> value, std::optional<std::size_t> position = std::nullopt);
    static Step tail(Json::json_pointer pointer, std::size_t drop, std::optional<Json> append);
  };
  // Applies a drop_tail or append step; returns the step that reverses it.
  Step apply_tail(Step step, ChangeObserver* observer);
  // Applies an element step (erase or insert); returns the step that reverses it.
  Step apply_element(Step step, ChangeObserver* observer);
  // Applies any step; returns the step that reverses it.
  Step apply(Step step, ChangeObserver* observer);
  // Applies one patch; returns the step that reverses it, or nullopt (the document unchanged)
  // when it cannot be applied. `noop`: it changed nothing (the step returned then has no use).
  std::optional<Step> apply_patch(DocumentPatch patch, ChangeObserver* observer, bool& noop);
  // Whether a new edit (a patch of `pointer`, or the whole document when null) merges into the
  // open step instead of starting one.
  bool merges(const std::string& coalesce_key, const Json::json_pointer* pointer) const;
  // Whether patches with `coalesce_key` merge into the open step (patch()).
  bool merges(const std::string& coalesce_key, const std::vector<DocumentPatch>& patches) const;
  void push_undo(Step step, const std::string& coalesce_key);
  bool step_history(std::vector<Step>& from, std::vector<Step>& to, ChangeObserver* observer);

  Json current_;
  std::vector<Step> undo_;
  std::vector<Step> redo_;
  std::string open_key_;
  std::uint64_t generation_ = 1;
  std::uint64_t next_serial_ = 1;
};

}  // namespace placement::ui
