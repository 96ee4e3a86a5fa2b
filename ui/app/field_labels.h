// What the editors call the scenario's fields: a human label per API key (the key itself stays
// one hover away, in a tooltip), and the backend parameters worth suggesting per backend — flags
// the scheduler reads, offered as "+ --flag" chips, never shown as if they were set.
#pragma once

#include <string>
#include <vector>

namespace placement::ui {

// The human label of an API key ("huggingface_repo_id" -> "Hugging Face repo"); the key itself
// when the table has none.
std::string field_label(const std::string& key);

// Suggested backend_parameters for `backend` (GPUStack's names: vLLM, SGLang, MindIE, llama-box,
// VoxBox, Custom; unknown or empty = vLLM, GPUStack's default). Custom and VoxBox have none.
std::vector<std::string> parameter_chips(const std::string& backend);
// The chips not already among `current` (compared by the flag before '=').
std::vector<std::string> unused_chips(const std::vector<std::string>& chips, const std::vector<std::string>& current);

}  // namespace placement::ui
