// One §6.4 shortfall entry {dim, gpu_index?, need, have, short, freeable}, shared by the selectors.
#pragma once

#include <optional>
#include <string>

#include "scenario/types.h"

namespace placement {

// `capacity` = what the dimension could offer with every existing claim released (after
// reservations): the gap is `freeable` when that capacity covers `need`.
Json shortfall(const std::string& dim, Bytes need, Bytes have, Bytes capacity, std::optional<int> gpu_index = std::nullopt);

}  // namespace placement
