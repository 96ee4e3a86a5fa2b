// The latest decision, as the core returned it: the result documents for display, and their texts
// for result() and scaleDownResult() (the worker's verbatim texts, or rendered on the first ask,
// byte-identical to placement::schedule_json / scale_down_json). Nothing here computes placement.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app/schedule_service.h"
#include "scenario/types.h"

namespace placement::ui {

class Results {
 public:
  std::uint64_t generation = 0;  // 0: nothing yet
  Json scale_down = Json::object();

  // The schedule document; its "candidates" are filled in only once candidates() is called.
  const Json& schedule() const { return schedule_; }
  // The documents as the core's text (placement::result_text), rendered once when first asked.
  const std::string& schedule_text() const;
  const std::string& scale_down_text() const;
  // The core refused the scenario ({"error": {pointer, message}}): the message with its pointer.
  std::string input_error() const;
  const Json& trace() const;
  // Every candidate as JSON (built on the first call: the fit step's table, "why not here?").
  const Json& candidates() const;
  std::size_t candidate_count() const;
  // Candidate i as JSON (i < candidate_count()), built alone when the whole list is not.
  const Json& candidate(std::size_t i) const;
  // Index of the winning candidate, or -1.
  int selected() const;
  const Json& scale_down_trace() const;

 private:
  friend Results take_results(ScheduleAnswer&& answer);
  mutable Json schedule_ = Json::object();
  // Candidates not yet in schedule_["candidates"] (an answer decided here), and the ones asked for
  // one by one.
  mutable std::vector<Candidate> typed_;
  mutable std::map<std::size_t, Json> one_by_one_;
  mutable std::string schedule_text_;  // "" until rendered (a result text is never empty)
  mutable std::string scale_down_text_;
};

Results take_results(ScheduleAnswer&& answer);

}  // namespace placement::ui
