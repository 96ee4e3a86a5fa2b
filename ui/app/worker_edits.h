// Edits of the cluster (each becomes one undo step): new workers and copies ("Duplicate", "N ×
// template") as the workers to append, removing a worker as the places it erases; GPUs
// from presets as transforms of one worker, and
// toggling a GPU in the model's gpu_selector (manual GPU selection by clicking the canvas) as a
// new gpu_selector, so the app sets only the part they change.
#pragma once

#include <string>
#include <vector>

#include "app/app_state.h"
#include "app/gpu_presets.h"
#include "scenario/types.h"

namespace placement::ui {

// A ready worker with 64 GiB RAM and no GPUs, named "worker-<n>" (first free n).
Json new_worker(const Json& scenario);
Json add_worker(const Json& scenario);
// Copies of workers[index] under fresh ids and names "<name>-<k>" (first free k); `count` ≥ 1
// (none past the end). The panels append them (App::append_workers: the undo step keeps their
// count); add_copies is the whole document with them.
std::vector<Json> copies_of(const Json& scenario, std::size_t index, int count);
Json add_copies(const Json& scenario, std::size_t index, int count);
// Removes workers[index] and the instances placed on it (they would be dangling references).
Json remove_worker(const Json& scenario, std::size_t index);
// remove_worker() as patches (AppState::patch): the worker erased, then its instances, last
// first (so every index still names its element). None past the end or without a worker list.
std::vector<DocumentPatch> remove_worker_patches(const Json& scenario, std::size_t index);

// A worker with a GPU of `preset` appended (the next free index). A unified-memory preset also
// marks the worker's memory as unified and sizes its RAM as the device. The panels set the
// worker they return (App::set: the undo step keeps that worker, the typed Scenario re-reads it).
Json with_gpu(const Json& worker, const GpuPreset& preset);
Json with_custom_gpu(const Json& worker, const std::string& type, std::int64_t bytes);
Json without_gpu(const Json& worker, std::size_t gpu_position);
// CPU-only: no GPUs at all.
Json without_gpus(const Json& worker);
// The same on the whole document (workers[index]; unchanged past the end).
Json add_gpu(const Json& scenario, std::size_t index, const GpuPreset& preset);
Json add_custom_gpu(const Json& scenario, std::size_t index, const std::string& type, std::int64_t bytes);
Json remove_gpu(const Json& scenario, std::size_t worker, std::size_t gpu_position);
Json remove_all_gpus(const Json& scenario, std::size_t worker);

// The gpu_selector id of a GPU: "<worker name>:<type>:<index>".
std::string gpu_id(const Json& worker, const Json& gpu);
std::string gpu_id(const Worker& worker, const GpuDevice& gpu);
// `id` is in the typed model's gpu_selector (null model: none is).
bool gpu_selected(const Model* model, const std::string& id);
// Adds or removes `id` in model.gpu_selector.gpu_ids (the selector goes away when empty): the
// model's new gpu_selector (null when gone), and the whole document with it.
Json gpu_selector_toggled(const Json& model, const std::string& id);
Json toggle_gpu_selection(const Json& scenario, const std::string& id);

// Index of the worker named `name`, or -1.
int worker_index(const Json& scenario, const std::string& name);
bool name_taken(const Json& scenario, const std::string& name);

}  // namespace placement::ui
