// The typed Scenario following the document through an edit of several places, an undo or a
// redo: every change AppState reports (app_state.h) is made to a copy of the Scenario the app
// decided from, with the loader's own functions for what a change brings in (typed_edit.h), so
// the copy is what load_scenario() of the changed document makes. Every change of a part is
// followed: the model, a worker or the worker list, an instance or the instance list, elements
// erased or inserted and tails dropped or appended, and each other section (estimates,
// model_files, inference_backends, scale_down, ...) read again on its own. A change of the whole
// document, of a key the loader does not read (nothing to follow: the copy stays as it is), or
// one the loader refuses drops the copy: the app then loads the document again, and its error
// reads as the whole load words it.
#pragma once

#include <memory>

#include "app/app_state.h"
#include "scenario/types.h"

namespace placement::ui {

class TypedFollower final : public ChangeObserver {
 public:
  // `start`: the Scenario of the document before the edit (null: nothing to follow).
  explicit TypedFollower(const Scenario* start) : start_(start) {}

  void changed(const DocumentChange& change, const Json& document) override;
  // The Scenario of the document after every reported change; null when one was not followed
  // (or there was nothing to follow).
  std::shared_ptr<const Scenario> result() const;
  // Some change reached /model_instances (the canvas's instance claims read it alone).
  bool instances_changed() const { return instances_changed_; }

 private:
  bool follow(Scenario& s, const DocumentChange& change, const Json& document);

  const Scenario* start_;
  std::shared_ptr<Scenario> next_;  // the copy, made at the first change
  bool lost_ = false;
  bool instances_changed_ = false;
};

}  // namespace placement::ui
