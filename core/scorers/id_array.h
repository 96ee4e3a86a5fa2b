// Instance and worker ids as the scorer records list them: a JSON array of integers.
#pragma once

#include <cstdint>

#include "trace/json_out.h"

namespace placement {

template <class Ids>
void write_id_array(JsonOut& out, const Ids& ids) {
  out.begin_array();
  for (const std::int64_t id : ids) out.number(id);
  out.end_array();
}

}  // namespace placement
