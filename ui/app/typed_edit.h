// Edits applied to the typed Scenario as well as to the document, so the decision after an edit
// need not load the whole document again (at a thousand workers loading takes tens of
// milliseconds, an edit of one worker or of the model re-reads that part alone). The part an
// edit touches (/model and anything in it, or /workers/<i> and anything in it) is read again with
// the loader's own functions (load_model, load_worker), and what the worker section checks across
// workers is checked as it does (ids and names once each; the warnings about unknown states,
// renew_warnings), so the Scenario is exactly what load_scenario() of the edited document makes.
// Any other edit, a worker id or name another worker has, or an edited part the loader refuses
// (its error comes from the whole load) is refused, and the app loads the edited document.
#pragma once

#include <cstddef>
#include <string>

#include "scenario/types.h"

namespace placement::ui {

// The scenario's warnings made again from its workers, as the worker section makes them (a
// warning per worker in an unknown state, in worker order; the loader warns about nothing else).
void renew_warnings(Scenario& s);

// The index of /<list>/<i> or /<list>/<i>/... ("workers", "model_instances"), else -1.
long element_of(const Json::json_pointer& pointer, const std::string& list);

// `s`, the Scenario of the document before, made the Scenario of `after` (the document with the
// value at `pointer` changed). False when the change is not one handled here or the loader
// refuses it; `s` is then left half-changed, to be thrown away (typed_follower.h copies first).
bool edit_part(Scenario& s, const Json& after, const Json::json_pointer& pointer);
// `count` workers (or instances) at `first` loaded and inserted at position `at`. False when a new
// worker's id or name is taken, the list would pass the loader's limit, or the loader refuses one
// (the whole load then reports it).
bool insert_workers(Scenario& s, std::size_t at, const Json* first, std::size_t count);
bool insert_instances(Scenario& s, std::size_t at, const Json* first, std::size_t count);

}  // namespace placement::ui
