// The whole pipeline (scheduler-rules.md §0): evaluation side effects → base filters → dispatch to one
// resource-fit selector → score chain → pick; and the scale-down ranking. Pure and deterministic.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario/types.h"
#include "scorers/score_chain.h"
#include "trace/trace.h"

namespace placement {

struct ScheduleResult {
  std::vector<Candidate> candidates;
  std::optional<std::size_t> selected;
  std::string strategy;  // empty = none
  Trace trace;
};

struct ScaleDownResult {
  std::vector<RankedInstance> ranking;  // ascending
  std::vector<std::int64_t> to_delete;  // first to go first
  Trace trace;
};

// Throws InputError on bad input (§7.1); reference errors end in the trace, not as exceptions.
ScheduleResult schedule(const Scenario& scenario);
ScaleDownResult scale_down(const Scenario& scenario);

// The JSON contract of scenario.md (what `placement schedule|scale-down --json` prints).
Json candidate_to_json(const Candidate& c);
Json claim_to_json(const ResourceClaim& c);
Json schedule_result_to_json(const ScheduleResult& r);
Json scale_down_result_to_json(const ScaleDownResult& r);

// A result document as the CLI and the bindings print it: 2-space indent, a final newline, and
// any invalid UTF-8 from the input replaced by U+FFFD.
std::string result_text(const Json& result);

// One-call conveniences for bindings (wasm) and tests: scenario text in, result text out.
// Output is byte-identical to the CLI's --json output. Bad input yields {"error": {"pointer", "message"}}.
std::string schedule_json(const std::string& scenario_text);
std::string scale_down_json(const std::string& scenario_text);

}  // namespace placement
