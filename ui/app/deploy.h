// Turning decisions into load (issue 4, "existing load"): Deploy appends the winning candidate as
// a running instance of the model, so the next recompute schedules the next replica; scale-down
// removes the instances the core's ranking deletes. Both only copy what the core returned.
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement::ui {

// A new running ModelInstance of scenario.model from a result candidate (claim, GPUs and
// subordinate workers as the core computed them).
Json instance_from_candidate(const Json& scenario, const Json& candidate);
Json deploy_candidate(const Json& scenario, const Json& candidate);

// Removes the model_instances whose id is in `delete_ids` (the scale-down result's "delete").
Json remove_instances(const Json& scenario, const Json& delete_ids);

// Largest `id` in a list of objects, or 0.
long long max_id(const Json& list);

}  // namespace placement::ui
