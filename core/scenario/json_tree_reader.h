// JSON text → the ordered document (Json), exactly as Json::parse(text) makes it, faster: the
// core's reader (scenario/json_scan.h) feeds the same SAX events nlohmann's parser would, and the
// members of each object are gathered first and moved into it once. nlohmann's own DOM builder
// adds members one by one to an ordered_map, a vector of pair<const string, Json> that copies
// (not moves) every member and its whole subtree each time it grows: at a thousand workers that
// copying was most of the parse. Text the reader declines (an error, a byte-order mark, ...) is
// parsed by nlohmann, so errors and odd input read as before. The explorer reads imported and
// edited scenario text with it, and what-if commands their scenario (parse_scenario_document).
#pragma once

#include <string_view>

#include "scenario/types.h"

namespace placement {

// Json::parse(text); throws what it throws.
Json read_json_tree(std::string_view text);

}  // namespace placement
