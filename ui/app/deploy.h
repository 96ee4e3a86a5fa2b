// Turning decisions into load, as GPUStack does it (issue 4 "existing load", issue 23): Deploy
// scales the model up by one replica and places it where the winning candidate says; scaling down
// to a count sets `replicas` and removes the instances GPUStack's scale-down ranking (the core's)
// puts first; a reset brings the instances and `replicas` back to how the scenario was loaded.
// Everything here only copies what the core returned.
#pragma once

#include <optional>
#include <string>

#include "app/app_state.h"
#include "scenario/types.h"

namespace placement::ui {

// A new running ModelInstance of scenario.model from a result candidate (claim, GPUs and
// subordinate workers as the core computed them).
// From the candidate's JSON, or as the core made it (the same instance).
Json instance_from_candidate(const Json& scenario, const Json& candidate);
Json instance_from_candidate(const Json& scenario, const Candidate& candidate);
// Appends the candidate as an instance; nothing else changes (placing an instance by hand).
Json deploy_candidate(const Json& scenario, const Json& candidate);
// Deploy: the candidate becomes the next replica. `replicas` rises to the number of the model's
// instances when they outgrow it (a pending replica, replicas > instances, is placed without
// raising it: GPUStack schedules pending replicas of the count it already has).
Json deploy_replica(const Json& scenario, const Json& candidate);
Json deploy_replica(const Json& scenario, const Candidate& candidate);
// deploy_replica() as the two places it changes: the instance appended to model_instances, and
// the model's replicas when they rise (nullopt: unchanged). Applied to a scenario whose
// model_instances is an array and whose model is an object, it makes deploy_replica()'s document.
struct DeployPatch {
  Json instance;
  std::optional<long long> replicas;
};
DeployPatch deploy_patch(const Json& scenario, const Candidate& candidate);

// The model's instances (model_id equal to model.id, as the core's scale-down ranking counts them)
// and its `replicas` (GPUStack's default 1 when absent).
long long model_instance_count(const Json& scenario);
long long model_replicas(const Json& scenario);
// The same of the typed Scenario (as the decision and the scale-down ranking read them).
long long model_instance_count(const Scenario& scenario);
long long model_replicas(const Scenario& scenario);

// Removes the model_instances whose id is in `delete_ids` (the scale-down result's "delete").
Json remove_instances(const Json& scenario, const Json& delete_ids);
// Scale down to `replicas`: removes `delete_ids` (the ranking's first instances) and sets the
// model's replicas, and scale_down.replicas when the scenario has that target, to the count.
Json scale_down_to(const Json& scenario, const Json& delete_ids, long long replicas);
// scale_down_to() as patches (AppState::patch): the instances erased, last first, then the
// replicas set.
std::vector<DocumentPatch> scale_down_patches(const Json& scenario, const Json& delete_ids, long long replicas);

// What a reset restores: the model_instances and the model's replicas of a loaded scenario.
Json instances_baseline(const Json& scenario);
// The scenario with its instances and replicas as in `baseline` (other edits are kept).
Json reset_instances(const Json& scenario, const Json& baseline);
// reset_instances() as patches (AppState::patch): the instance list and the replicas set, or
// removed where the baseline has none.
std::vector<DocumentPatch> reset_patches(const Json& scenario, const Json& baseline);

// The worker an instance runs on, by name: its worker_name, else the name of the worker its
// worker_id names, else the id as text ("-" when it has neither).
std::string worker_name_of(const Json& scenario, const Json& instance);
std::string worker_name_of(const Scenario& scenario, const ModelInstance& instance);

// Largest `id` in a list of objects, or 0.
long long max_id(const Json& list);

}  // namespace placement::ui
