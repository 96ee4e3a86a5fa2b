// One §6.4 shortfall entry {dim, gpu_index?, need, have, short, freeable}, shared by the selectors.
#pragma once

#include <optional>
#include <string>

#include "scenario/types.h"
#include "trace/json_out.h"

namespace placement {

// A shortfall kept typed while a strategy runs.
struct Shortfall {
  const char* dim = "";  // a string literal
  std::optional<int> gpu_index;
  Bytes need = 0, have = 0, short_by = 0;
  bool freeable = false;
  void write(JsonOut& out) const;
  void write_members(JsonOut& out) const;  // into an object already open (a record adding its own)
  Json to_json() const { return json_tree(*this); }
};

// `capacity` = what the dimension could offer with every existing claim released (after
// reservations): the gap is `freeable` when that capacity covers `need`.
Shortfall make_shortfall(const char* dim, Bytes need, Bytes have, Bytes capacity, std::optional<int> gpu_index = std::nullopt);

}  // namespace placement
