// The backend framework filter's data files as compiled in (cmake/embed_backend_catalogue.cmake
// writes the definitions from the JSON files beside this header; README.md names their sources).
#pragma once

#include <string_view>

namespace placement::filters::catalogue {

std::string_view runner_table_json();        // runner-table.json
std::string_view community_backends_json();  // community-backends.json
std::string_view ascend_soc_json();          // ascend-soc.json

}  // namespace placement::filters::catalogue
