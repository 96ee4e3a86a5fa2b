// A combo that picks one worker by name, as wide as its longest name (up to the space left on
// the line, wrapping to a new line first when that helps), so names are not silently cut; a name
// still too long shows whole in a tooltip. Tagged picker/<id> with the name shown.
#pragma once

#include <vector>

#include "scenario/types.h"

namespace placement::ui {

// `index` into `workers` (the document's, or the typed Scenario's); returns true when the user
// picked another worker.
bool pick_worker(const char* id, const Json& workers, int& index);
bool pick_worker(const char* id, const std::vector<Worker>& workers, int& index);

}  // namespace placement::ui
