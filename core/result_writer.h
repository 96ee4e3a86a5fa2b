// The result document written in pieces instead of one string: the CLI hands each piece to its
// output stream, so a 12 MB trace never exists as a tree or as one string. The bytes are exactly
// those of result_text(): 2-space indent, a final newline, invalid UTF-8 replaced by U+FFFD.
#pragma once

#include <string>

#include "scheduler.h"
#include "trace/json_out.h"

namespace placement {

class InputError;

// The one-line answer to a scenario that is refused: {"error": {"pointer", "message"}} and a
// newline, as schedule_json and scale_down_json return it.
std::string input_error_json(const InputError& e);

void write_result_text(const Json& result, const TextSink& sink);

// result_text(schedule_result_to_json(r)), without building any of it as JSON: candidates and
// the trace's deferred lists are printed from their typed form.
void write_schedule_result_text(const ScheduleResult& r, const TextSink& sink);
// The same for scale_down_result_to_json(r).
void write_scale_down_result_text(const ScaleDownResult& r, const TextSink& sink);
// What the two above write, as one string (the page's JSON API, the worker's answer).
std::string schedule_result_text(const ScheduleResult& r);
std::string scale_down_result_text(const ScaleDownResult& r);

// The result's parts, event by event (the trees of result_json.cpp are built from these).
void write_schedule_result(JsonOut& out, const ScheduleResult& r);
void write_scale_down_result(JsonOut& out, const ScaleDownResult& r);
void write_candidate(JsonOut& out, const Candidate& c);
void write_claim(JsonOut& out, const ResourceClaim& c);

}  // namespace placement
