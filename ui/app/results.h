// The latest decision, as the core returned it: the verbatim texts (for result() and
// scaleDownResult()) and their parsed form for display. Nothing here computes placement.
#pragma once

#include <cstdint>
#include <string>

#include "app/schedule_service.h"
#include "scenario/types.h"

namespace placement::ui {

struct Results {
  std::uint64_t generation = 0;  // 0: nothing yet
  std::string schedule_text;
  std::string scale_down_text;
  Json schedule = Json::object();
  Json scale_down = Json::object();

  // The core refused the scenario ({"error": {pointer, message}}): the message with its pointer.
  std::string input_error() const;
  const Json& trace() const;
  const Json& candidates() const;
  // Index of the winning candidate, or -1.
  int selected() const;
  const Json& scale_down_trace() const;
};

Results parse_results(const ScheduleAnswer& answer);

}  // namespace placement::ui
