// The manual GPU ids grouped as GPUStack groups them: {type: {worker name: sorted indexes}}, in
// first-appearance order. The calculator sizes its tp/pp guesses from it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "scenario/types.h"

namespace placement {

using SelectedByWorker = std::vector<std::pair<std::string, std::vector<int>>>;
using SelectionByType = std::vector<std::pair<std::string, SelectedByWorker>>;

SelectionByType group_gpu_ids_by_type_and_worker(const std::vector<std::string>& gpu_ids);

const SelectedByWorker* selection_of_type(const SelectionByType& selection, const std::string& type);
const std::vector<int>* selection_of_worker(const SelectedByWorker& selection, const std::string& worker_name);

}  // namespace placement
