// Weight bytes derived from a Hugging Face config.json when no size is given (docs/model-facts.md,
// "Weights from a config"): parameter count from the architecture fields × bytes per parameter.
#pragma once

#include <optional>

#include "scenario/types.h"

namespace placement {

// Null when the config lacks a field the formula needs (hidden_size, num_hidden_layers,
// num_attention_heads, vocab_size) or names a dtype it does not know.
std::optional<Bytes> weights_from_config(const Json& config);

}  // namespace placement
