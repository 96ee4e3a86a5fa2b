// Edits applied to the typed Scenario as well as to the document, so the decision after an edit
// need not load the whole document again (at a thousand workers loading takes tens of
// milliseconds, an edit of one worker or of the model re-reads that part alone). The part an
// edit touches (/model/..., or /workers/<i> and anything in it) is read again with the loader's
// own functions (load_model, load_worker), so the Scenario is exactly what load_scenario() of
// the edited document makes. Any other edit, a worker whose id, name or state changed (checked
// against the other workers, or warned about), or an edited part the loader refuses (its error
// comes from the whole load) gets null and the app loads the edited document.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "scenario/types.h"

namespace placement::ui {

// The Scenario of `after` (the document with the value at `pointer` changed), from the Scenario
// of the document before; null when this edit is not one handled here.
std::shared_ptr<const Scenario> typed_edit(const Scenario& before, const Json& after, const Json::json_pointer& pointer);

// The Scenario of the document before with `workers` appended to its worker list; null when a
// new worker's id or name is taken, its state would be warned about, the list would pass the
// loader's limit, or the loader refuses it (the whole load then reports it).
std::shared_ptr<const Scenario> typed_append_workers(const Scenario& before, const std::vector<Json>& workers);

// The Scenario of the document before with `instance` appended to its model instances and, when
// `model_changed`, the model of `after` (the edited document) read again: Deploy. Null when the
// list would pass the loader's limit or the loader refuses the instance or the model.
std::shared_ptr<const Scenario> typed_append_instance(const Scenario& before, const Json& after, const Json& instance, bool model_changed);

// The index of /<list>/<i> or /<list>/<i>/... ("workers", "model_instances"), else -1.
long element_of(const Json::json_pointer& pointer, const std::string& list);

// The same in place, for edits of several places (typed_follower.h). False when the change is not
// one handled here or the loader refuses it; `s` is then left half-changed, to be thrown away.
// typed_edit():
bool edit_part(Scenario& s, const Json& after, const Json::json_pointer& pointer);
// `count` workers (or instances) at `first` loaded and inserted at position `at`, with the
// checks of typed_append_workers (typed_append_instance):
bool insert_workers(Scenario& s, std::size_t at, const Json* first, std::size_t count);
bool insert_instances(Scenario& s, std::size_t at, const Json* first, std::size_t count);

}  // namespace placement::ui
