#include "scheduler.h"

#include "result_state.h"
#include "result_writer.h"

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement {

namespace {

template <class T>
void write_opt(JsonOut& out, std::string_view key, const std::optional<T>& v) {
  out.key(key);
  if (v) out.value(Json(*v));
  else out.null();
}

void write_subordinate(JsonOut& out, const SubordinateWorker& s) {
  out.begin_object();
  write_opt(out, "worker_id", s.worker_id);
  out.member("worker_name", s.worker_name);
  write_opt(out, "gpu_indexes", s.gpu_indexes);
  out.key("computed_resource_claim");
  if (s.claim) write_claim(out, *s.claim);
  else out.null();
  if (s.gpu_addresses) out.member("gpu_addresses", Json(*s.gpu_addresses));
  out.end_object();
}

}  // namespace

void write_claim(JsonOut& out, const ResourceClaim& c) {
  out.begin_object();
  write_opt(out, "ram", c.ram);
  out.key("vram");
  if (c.vram_present || !c.vram.empty()) {
    out.begin_object();
    for (const auto& [i, v] : c.vram) out.member(std::to_string(i), v);
    out.end_object();
  } else {
    out.null();
  }
  write_opt(out, "offload_layers", c.offload_layers);
  write_opt(out, "total_layers", c.total_layers);
  write_opt(out, "tensor_split", c.tensor_split);
  write_opt(out, "vram_utilization", c.vram_utilization);
  write_opt(out, "is_unified_memory", c.is_unified_memory);
  out.end_object();
}

void write_candidate(JsonOut& out, const Candidate& c) {
  out.begin_object();
  out.member("worker_id", c.worker_id);
  out.member("worker_name", c.worker_name);
  write_opt(out, "gpu_type", c.gpu_type);
  write_opt(out, "gpu_indexes", c.gpu_indexes);
  out.key("computed_resource_claim");
  write_claim(out, c.claim);
  out.key("subordinate_workers");
  out.begin_array();
  for (const auto& s : c.subordinate_workers) write_subordinate(out, s);
  out.end_array();
  out.member("overcommit", c.overcommit.value_or(false));
  out.key("scores");
  out.begin_object();
  for (const auto& [k, v] : c.scores) write_opt(out, k, v);
  out.end_object();
  out.member("score", c.score);
  if (c.gpu_addresses) out.member("gpu_addresses", Json(*c.gpu_addresses));
  out.end_object();
}

Json claim_to_json(const ResourceClaim& c) {
  return json_tree([&](JsonOut& out) { write_claim(out, c); });
}

Json candidate_to_json(const Candidate& c) {
  return json_tree([&](JsonOut& out) { write_candidate(out, c); });
}

namespace {

// The members between "candidates" and "trace": what was picked, and GPUStack's words for it.
// They read the trace's dispatch, messages, filters and error only.
void write_schedule_head(JsonOut& out, const ScheduleResult& r) {
  write_opt(out, "selected", r.selected);
  out.key("strategy");
  if (r.strategy.empty()) out.null();
  else out.string(r.strategy);
  write_opt(out, "strategy_function", gpustack_strategy_function(r.trace.dispatch_selector(), r.strategy));
  // A pick needs no words; a miss is explained from the filters, messages and error alone.
  const bool selected = r.selected.has_value();
  write_opt(out, "state_message",
            gpustack_state_message(selected, selected ? Json::object() : r.trace.sections({"filters", "messages", "error"})));
}

}  // namespace

void write_schedule_result(JsonOut& out, const ScheduleResult& r) {
  out.begin_object();
  out.key("candidates");
  out.begin_array();
  for (const auto& c : r.candidates) write_candidate(out, c);
  out.end_array();
  write_schedule_head(out, r);
  out.key("trace");
  r.trace.write(out);
  out.end_object();
}

void write_scale_down_result(JsonOut& out, const ScaleDownResult& r) {
  out.begin_object();
  out.key("ranking");
  write_object_array(out, r.ranking, [&](const RankedInstance& e) {
    out.member("instance_id", e.instance_id);
    out.member("name", e.name);
    out.key("scores");
    out.begin_object();
    for (const auto& [k, v] : e.scores) out.member(k, v);
    out.end_object();
    out.member("score", e.score);
  });
  out.member("delete", Json(r.to_delete));
  out.key("trace");
  r.trace.write(out);
  out.end_object();
}

Json schedule_result_to_json(const ScheduleResult& r) { return json_tree([&](JsonOut& out) { write_schedule_result(out, r); }); }

Json scale_down_result_to_json(const ScaleDownResult& r) { return json_tree([&](JsonOut& out) { write_scale_down_result(out, r); }); }

std::string result_text(const Json& result) {
  // Messages quote the input (a key, a token, a byte excerpt) and may cut a multi-byte character:
  // such bytes print as U+FFFD instead of failing the whole answer (found by scenario_fuzz).
  std::string text;
  write_result_text(result, [&text](const char* data, std::size_t size) { text.append(data, size); });
  return text;
}

// Ends in a newline like every other result text, so callers can treat all answers alike.
std::string input_error_json(const InputError& e) {
  return Json{{"error", {{"pointer", e.pointer()}, {"message", e.message()}}}}.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string schedule_json(const std::string& text) {
  try {
    return schedule_result_text(schedule(load_scenario_text(text)));
  } catch (const InputError& e) {
    return input_error_json(e);
  }
}

std::string scale_down_json(const std::string& text) {
  try {
    return scale_down_result_text(scale_down(load_scenario_text(text)));
  } catch (const InputError& e) {
    return input_error_json(e);
  }
}

}  // namespace placement
