// Deploy: the winner of a decision becomes a running instance of the model, exactly as the
// explorer's Deploy button adds it (id = largest existing id + 1, name "<model name>-<id>", the
// candidate's worker, GPUs, claim and subordinate workers). Capacity repeats it replica by replica.
#pragma once

#include "scheduler.h"

namespace placement::whatif {

// The instance as scenario JSON (a `model_instances` element).
Json deployed_instance_json(const Scenario& scenario, const Candidate& winner);

// That instance as the loader reads it back.
ModelInstance deployed_instance(const Scenario& scenario, const Candidate& winner);

// Appends that instance to the scenario.
void deploy(Scenario& scenario, const Candidate& winner);

}  // namespace placement::whatif
