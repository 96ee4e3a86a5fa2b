#include "scheduler.h"

#include "result_state.h"
#include "result_writer.h"

#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement {

namespace {
template <class T>
Json opt(const std::optional<T>& v) {
  return v ? Json(*v) : Json(nullptr);
}

Json indexes_json(const std::optional<std::vector<int>>& v) { return v ? Json(*v) : Json(nullptr); }

Json subordinate_to_json(const SubordinateWorker& s) {
  Json j{{"worker_id", opt(s.worker_id)}, {"worker_name", s.worker_name}, {"gpu_indexes", indexes_json(s.gpu_indexes)},
         {"computed_resource_claim", s.claim ? claim_to_json(*s.claim) : Json(nullptr)}};
  if (s.gpu_addresses) j["gpu_addresses"] = *s.gpu_addresses;
  return j;
}
}  // namespace

Json claim_to_json(const ResourceClaim& c) {
  Json vram = Json::object();
  for (const auto& [i, v] : c.vram) vram[std::to_string(i)] = v;
  return Json{{"ram", opt(c.ram)},
              {"vram", c.vram_present || !c.vram.empty() ? vram : Json(nullptr)},
              {"offload_layers", opt(c.offload_layers)},
              {"total_layers", opt(c.total_layers)},
              {"tensor_split", opt(c.tensor_split)},
              {"vram_utilization", opt(c.vram_utilization)},
              {"is_unified_memory", opt(c.is_unified_memory)}};
}

Json candidate_to_json(const Candidate& c) {
  Json subs = Json::array();
  for (const auto& s : c.subordinate_workers) subs.push_back(subordinate_to_json(s));
  Json scores = Json::object();
  for (const auto& [k, v] : c.scores) scores[k] = opt(v);
  Json j{{"worker_id", c.worker_id},
              {"worker_name", c.worker_name},
              {"gpu_type", opt(c.gpu_type)},
              {"gpu_indexes", indexes_json(c.gpu_indexes)},
              {"computed_resource_claim", claim_to_json(c.claim)},
              {"subordinate_workers", subs},
              {"overcommit", c.overcommit.value_or(false)},
              {"scores", scores},
              {"score", c.score}};
  if (c.gpu_addresses) j["gpu_addresses"] = *c.gpu_addresses;
  return j;
}

// The members between "candidates" and "trace": what was picked, and GPUStack's words for it.
Json schedule_result_head(const ScheduleResult& r, const Json& trace) {
  Json out = Json::object();
  out["selected"] = r.selected ? Json(*r.selected) : Json(nullptr);
  out["strategy"] = r.strategy.empty() ? Json(nullptr) : Json(r.strategy);
  const auto dispatch = trace.find("dispatch");
  const std::string selector = dispatch != trace.end() && dispatch->is_object() ? dispatch->value("selector", "") : "";
  const auto function = gpustack_strategy_function(selector, r.strategy);
  out["strategy_function"] = function ? Json(*function) : Json(nullptr);
  const auto state = gpustack_state_message(r.selected.has_value(), trace);
  out["state_message"] = state ? Json(*state) : Json(nullptr);
  return out;
}

namespace {
Json schedule_result_json(const ScheduleResult& r, Json trace) {
  Json cands = Json::array();
  for (const auto& c : r.candidates) cands.push_back(candidate_to_json(c));
  Json out = Json::object();
  out["candidates"] = std::move(cands);
  Json head = schedule_result_head(r, trace);
  for (auto it = head.begin(); it != head.end(); ++it) out[it.key()] = std::move(it.value());
  out["trace"] = std::move(trace);
  return out;
}
}  // namespace

Json schedule_result_to_json(const ScheduleResult& r) { return schedule_result_json(r, r.trace.root()); }

// A result that is rendered once need not keep its trace: it moves instead of being copied.
Json schedule_result_to_json(ScheduleResult&& r) { return schedule_result_json(r, r.trace.take_root()); }

Json scale_down_result_to_json(const ScaleDownResult& r) {
  Json ranking = Json::array();
  for (const auto& e : r.ranking) {
    Json scores = Json::object();
    for (const auto& [k, v] : e.scores) scores[k] = v;
    ranking.push_back(Json{{"instance_id", e.instance_id}, {"name", e.name}, {"scores", scores}, {"score", e.score}});
  }
  return Json{{"ranking", ranking}, {"delete", r.to_delete}, {"trace", r.trace.root()}};
}

std::string result_text(const Json& result) {
  // Messages quote the input (a key, a token, a byte excerpt) and may cut a multi-byte character:
  // such bytes print as U+FFFD instead of failing the whole answer (found by scenario_fuzz).
  std::string text;
  write_result_text(result, [&text](const char* data, std::size_t size) { text.append(data, size); });
  return text;
}

namespace {
// Ends in a newline like every other result text, so callers can treat all answers alike.
std::string error_json(const InputError& e) {
  return Json{{"error", {{"pointer", e.pointer()}, {"message", e.message()}}}}.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}
}  // namespace

std::string schedule_json(const std::string& text) {
  try {
    return result_text(schedule_result_to_json(schedule(load_scenario_text(text))));
  } catch (const InputError& e) {
    return error_json(e);
  }
}

std::string scale_down_json(const std::string& text) {
  try {
    return result_text(scale_down_result_to_json(scale_down(load_scenario_text(text))));
  } catch (const InputError& e) {
    return error_json(e);
  }
}

}  // namespace placement
