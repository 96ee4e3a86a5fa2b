// Edits applied to the typed Scenario as well as to the document, so the decision after an edit
// need not load the whole document again (at a thousand workers loading takes tens of
// milliseconds, an edit of one worker or of the model re-reads that part alone). The part an
// edit touches (/model/..., or /workers/<i> and anything in it) is read again with the loader's
// own functions (load_model, load_worker), so the Scenario is exactly what load_scenario() of
// the edited document makes. Any other edit, a worker whose id, name or state changed (checked
// against the other workers, or warned about), or an edited part the loader refuses (its error
// comes from the whole load) is refused, and the app loads the edited document.
#pragma once

#include <cstddef>
#include <string>

#include "scenario/types.h"

namespace placement::ui {

// The index of /<list>/<i> or /<list>/<i>/... ("workers", "model_instances"), else -1.
long element_of(const Json::json_pointer& pointer, const std::string& list);

// `s`, the Scenario of the document before, made the Scenario of `after` (the document with the
// value at `pointer` changed). False when the change is not one handled here or the loader
// refuses it; `s` is then left half-changed, to be thrown away (typed_follower.h copies first).
bool edit_part(Scenario& s, const Json& after, const Json::json_pointer& pointer);
// `count` workers (or instances) at `first` loaded and inserted at position `at`. False when a new
// worker's id or name is taken, its state would be warned about, the list would pass the
// loader's limit, or the loader refuses one (the whole load then reports it).
bool insert_workers(Scenario& s, std::size_t at, const Json* first, std::size_t count);
bool insert_instances(Scenario& s, std::size_t at, const Json* first, std::size_t count);

}  // namespace placement::ui
