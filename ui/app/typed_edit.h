// Edits applied to the typed Scenario as well as to the document, so the decision after an edit
// need not load the whole document again (at a thousand workers loading takes tens of
// milliseconds, the edit of one field a copy). Only edits whose effect on the Scenario is exactly
// what load_scenario() of the edited document makes are handled here; any other edit, or a value
// the loader would refuse or treat otherwise, gets null and the app loads the edited document.
#pragma once

#include <memory>

#include "scenario/types.h"

namespace placement::ui {

// The Scenario of the document after `value` is set at `pointer`, from the Scenario of the
// document before; null when this edit is not one handled here.
std::shared_ptr<const Scenario> typed_edit(const Scenario& before, const Json::json_pointer& pointer, const Json& value);

}  // namespace placement::ui
