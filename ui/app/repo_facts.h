// What editing the model's repo id does to the size estimates (docs/model-facts.md, "In the
// explorer"): the estimates follow the repo, so a scenario never keeps another model's size.
#pragma once

#include <string>

#include "scenario/types.h"

namespace placement::ui {

// The scenario with `field` (/model/huggingface_repo_id or /model/model_scope_model_id) set to
// `repo` (null when empty). For a non-GGUF model: the catalogue's weights_bytes and config (its
// `_name_or_path` naming the repo) when the catalogue knows the repo; else estimates whose config
// names another repo are dropped (the scheduler then refuses, saying how to give facts), as are
// estimates that name no repo when the previous repo was a catalogue model (they were its facts);
// other estimates are the user's own and kept.
Json with_repo(Json scenario, const Json::json_pointer& field, const std::string& repo);

}  // namespace placement::ui
