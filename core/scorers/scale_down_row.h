// One instance's row in a scale-down scorer record (scheduler-rules.md §6.5): the instance's id
// and name, then the scorer's members; or, when the scorer had no worker to score, why and 0.0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/json_out.h"

namespace placement {

// Why a placement scorer gave an instance 0 without scoring it.
namespace scale_down_why {
inline constexpr const char* kNoWorker = "no_worker";
inline constexpr const char* kUnknownWorker = "unknown_worker";
}  // namespace scale_down_why

template <class Item>
struct ScaleDownRow {
  std::int64_t instance_id = 0;
  std::string name;
  const char* why = nullptr;  // set: not scored, the row ends with {why, score: 0.0}
  Item item;                  // its members follow the name; what a raising scorer reached

  void write(JsonOut& out) const {
    out.member("instance_id", instance_id);
    out.member("name", name);
    if (why) {
      out.member("why", why);
      out.member("score", 0.0);
      return;
    }
    item.write(out);
  }
};

template <class Item>
void write_rows(JsonOut& out, const std::vector<ScaleDownRow<Item>>& rows) {
  write_object_array(out, rows, [&](const ScaleDownRow<Item>& row) { row.write(out); });
}

}  // namespace placement
