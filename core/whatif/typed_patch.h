// A JSON Patch applied to a scenario that is already loaded, without copying and re-loading the
// whole document: the advice search decides hundreds of patched scenarios, and re-loading a
// thousand workers per trial cost most of it. Only the elements a patch touches are re-loaded (by
// the loader's own functions); the rest are copied typed, so the result equals
// load_scenario(apply_patch(document, patch)).
#pragma once

#include <optional>

#include "scenario/types.h"

namespace placement::whatif {

// `scenario` must be load_scenario(document). Returns nullopt when the patch is not one this path
// handles (an op other than add / remove / replace on /model, /workers/N, /model_instances/N or
// below them, or a result the loader would refuse as a whole: duplicate workers, too many
// elements); the caller then takes the full path. Throws InputError where the full path would.
std::optional<Scenario> patch_scenario(const Json& document, const Scenario& scenario, const Json& patch);

}  // namespace placement::whatif
