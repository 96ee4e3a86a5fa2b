// Shared by tests that feed a JsonOut by hand: a tree replayed as the events a record would write
// (strings through string(), other scalars through value()).
#pragma once

#include "trace/json_out.h"

namespace placement::testing {

inline void replay(const Json& j, JsonOut& out) {
  if (j.is_object()) {
    out.begin_object();
    for (auto it = j.begin(); it != j.end(); ++it) {
      out.key(it.key());
      replay(it.value(), out);
    }
    out.end_object();
  } else if (j.is_array()) {
    out.begin_array();
    for (const Json& e : j) replay(e, out);
    out.end_array();
  } else if (j.is_string()) {
    out.string(j.get_ref<const std::string&>());
  } else {
    out.value(j);
  }
}

}  // namespace placement::testing
