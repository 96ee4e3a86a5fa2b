// The latest decision, as the core returned it. Decided here, it stays typed (ScheduleResult, and
// the scale-down ranking computed from the same Scenario when first asked): the canvas, the
// decision line and Deploy read it through typed accessors, and the result documents (the JSON
// contract of placement::schedule_json / scale_down_json) are built only when a panel asks for
// them, once per result. From the page's worker it arrives as the core's texts, which are parsed.
// result() / scaleDownResult() text is the worker's verbatim, or printed from the typed result
// when first asked (byte-identical to the core's). Nothing here computes placement.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/schedule_service.h"
#include "app/subject_findings.h"
#include "scenario/types.h"
#include "scheduler.h"

namespace placement::ui {

// One instance of the scale-down ranking (ascending: the first goes first), as the scale-down
// step, its dialog and the toolbar read it.
struct ScaleDownRow {
  std::int64_t instance_id = 0;
  std::string name;
  std::vector<std::pair<std::string, double>> scores;  // each scale-down scorer's points, in the core's order
  double score = 0;
  bool deleted = false;  // in the result's delete list
};

class Results {
 public:
  std::uint64_t generation = 0;  // 0: nothing yet

  // The schedule document (built on the first call when decided here).
  const Json& schedule() const;
  // The scale-down document (placement::scale_down_json's), built on the first call.
  const Json& scale_down() const;
  // The documents as the core's text, rendered once when first asked.
  const std::string& schedule_text() const;
  const std::string& scale_down_text() const;
  // The core refused the scenario ({"error": {pointer, message}}): the message with its pointer.
  std::string input_error() const;
  const Json& trace() const;
  // One section of the trace ("filters", "strategies", "scoring", ...; null when the trace has
  // none), built alone on its first ask when decided here: the stepper's panels each draw a few
  // sections, and the whole trace of a thousand-worker decision is ~10 times the cost of the
  // largest (scoring_, strategies_ about 54 / 17 ms natively at 1,024 workers, the whole result
  // with its candidates 210 ms).
  const Json& trace_section(const std::string& name) const;
  const Json& scale_down_trace() const;
  // The scale-down ranking: read from the typed result when decided here (no document built),
  // from the document otherwise. Empty when the core refused the scenario.
  const std::vector<ScaleDownRow>& scale_down_ranking() const;
  // One section of the scale-down trace ("quirks", "warnings", "error"; null when absent), built
  // alone when decided here.
  const Json& scale_down_trace_section(const std::string& name) const;
  // Every candidate as JSON (built on the first call; a table shows candidate(i) of its rows).
  const Json& candidates() const;
  std::size_t candidate_count() const;
  // Candidate i as JSON (i < candidate_count()), built alone when the whole list is not.
  const Json& candidate(std::size_t i) const;
  // Candidate i as the core made it; null when the answer came as text (the page's worker).
  const Candidate* typed_candidate(std::size_t i) const;
  // Index of the winning candidate, or -1.
  int selected() const;
  // The strategy the result reports (null when none), as the document holds it.
  Json strategy() const;
  // Worker name -> the first base filter that dropped it, as the canvas labels it (trace_views.h's
  // filter_drops), worked out once per result without building the rest of the trace.
  const std::map<std::string, std::string>& filter_drops() const;
  // Every rejection and not_examined entry whose subject passes `names_it` ("Why (not) here?"),
  // read from the typed trace's events when decided here (the trace document is not built).
  std::vector<StrategyFinding> strategy_findings(const SubjectTest& names_it) const;
  // The Scenario this was decided from (null when the answer came as text).
  const Scenario* scenario() const { return scenario_.get(); }
  // The core's typed results (null when the answer came as text); the scale-down ranking is
  // decided on the first ask (null too when the core refuses it).
  const ScheduleResult* typed() const { return typed_.get(); }
  const ScaleDownResult* typed_scale_down() const;

 private:
  friend Results take_results(ScheduleAnswer&& answer);
  // Decides the scale-down ranking from scenario_ the first time anything reads it.
  void decide_scale_down() const;

  // Decided here (null when the answer came as text), with the Scenario it was decided from
  // (the scale-down ranking is decided from it when first asked).
  std::shared_ptr<const ScheduleResult> typed_;
  std::shared_ptr<const Scenario> scenario_;
  mutable std::optional<ScaleDownResult> typed_scale_down_;
  mutable std::optional<std::vector<ScaleDownRow>> scale_down_rows_;
  mutable std::map<std::string, Json> scale_down_sections_;
  mutable std::optional<Json> schedule_;    // built from typed_ on the first ask
  mutable std::optional<Json> scale_down_;
  mutable std::map<std::size_t, Json> one_by_one_;
  mutable std::map<std::string, Json> sections_;
  mutable std::optional<std::map<std::string, std::string>> drops_;
  mutable std::string schedule_text_;  // "" until rendered (a result text is never empty)
  mutable std::string scale_down_text_;
};

Results take_results(ScheduleAnswer&& answer);

}  // namespace placement::ui
