// Ascend MindIE resource fit (scheduler-rules.md §3.5): parameters → estimate → parallel validation →
// manual routine (with GPU ids) or available workers → single worker → multi worker.
#include <algorithm>

#include "fit/common/manual_selection.h"
#include "fit/common/strategy_record.h"
#include "fit/mindie/mindie_estimate.h"
#include "fit/mindie/mindie_messages.h"
#include "fit/mindie/strategy_multi_worker.h"
#include "fit/mindie/strategy_single_worker.h"
#include "fit/registry.h"
#include "scenario/errors.h"

namespace placement {

namespace {

using namespace mindie;

constexpr long long kMaxSeqLenCap = 8192;  // GPUStack presets max_seq_len to min(model max length, 8192)

HfHyperParameters model_config(const Scenario& s) {
  if (!s.estimates.config)
    throw InputError("/estimates/config", "a MindIE model needs estimates.config (the Hugging Face config.json fields; {} = nothing known)");
  return read_hf_config(s.estimates.config);
}

// GPUStack wraps the parser's error: "Failed to parse model NAME serve parameters: …".
ServingParameters serving_parameters(const Model& m, const HfHyperParameters& hp, const std::string& stage) {
  try {
    return parse_serving_parameters(m.backend_parameters, m.env, std::min(hp.max_length, kMaxSeqLenCap), stage);
  } catch (const ReferenceError& e) {
    Json values = e.values();
    if (values.contains("message"))
      values["gpustack_error"] = "Failed to parse model " + m.name + " serve parameters: " + values["message"].get<std::string>();
    throw ReferenceError(e.stage(), e.reason(), values);
  }
}

void record_requirement(Trace& trace, const UsageEstimate& est, const ServingParameters& sp, const ParameterWorld& pw,
                        const std::optional<int>& count) {
  Json& r = trace.requirement();
  const double u = sp.npu_memory_fraction;
  r["selector"] = "mindie";
  r["vram"] = est.vram;
  r["ram"] = est.ram;
  r["u"] = u;
  r["vram_over_u"] = static_cast<Bytes>(static_cast<double>(est.vram) / u);
  r["u_percent"] = static_cast<long long>(u * 100);
  r["source"] = est.from_env ? "env" : "estimate";
  r["estimate"] = est.to_json();
  r["parameters"] = parameters_to_json(sp);
  r["parameter_world"] = Json{{"world", pw.world}, {"labels", pw.labels}};
  r["gpu_count"] = count ? Json(*count) : Json(nullptr);
}

Json& strategy(Trace& t, const std::string& id, const std::string& status) {
  return begin_strategy_record(t, "mindie", id, status);
}

void skip(Trace& t, const std::string& id, const std::string& code, Json data = Json::object()) {
  skip_strategy_record(t, "mindie", id, code, std::move(data));
}

// Inserts the buffered slots at `at` (before anything the manual routine added after it).
void emit(Trace& t, std::size_t at, const std::vector<MessageSlot>& slots) {
  Json& arr = t.messages();
  std::size_t pos = std::min(at, arr.size());
  for (const auto& s : slots) {
    arr.insert(arr.begin() + static_cast<std::ptrdiff_t>(pos), Json{{"source", kMessageSource}, {"key", s.key}, {"values", s.values}});
    ++pos;
  }
}

void summarise_rejections(Trace& t, const Json& rejections, long long of, const std::string& strategy_id) {
  std::vector<std::pair<std::string, long long>> counts;  // code → workers, first-seen order
  for (const auto& r : rejections) {
    if (strategy_id != "available" && r.contains("stage")) continue;  // counted once, under "available"
    const std::string code = r["code"].get<std::string>();
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == code; });
    if (it == counts.end()) counts.emplace_back(code, 1);
    else ++it->second;
  }
  for (const auto& [code, n] : counts) t.summary("mindie_" + strategy_id + "_rejected", n, of, "workers", Json{{"code", code}});
}

// The serving parameters for the fit; GPUStack drops --cpu-mem-size when --max-preempt-count is 0.
ServingParameters fit_serving_parameters(const Model& model, const HfHyperParameters& hp, Trace& trace) {
  ServingParameters sp = serving_parameters(model, hp, "fit");
  if (sp.cpu_mem_size_dropped)
    trace.quirk("Q27", "mindie.parameters",
                "--cpu-mem-size " + std::to_string(sp.cpu_mem_size_requested) +
                    " GiB dropped because --max-preempt-count is 0: no swap space in the RAM estimate");
  return sp;
}

// The world size only counts when a parallel flag is set; GPUStack checks it against the
// selected GPUs inside the fit, so a mismatch is a `fit` error here.
std::optional<int> fit_gpu_count(const Model& model, const ParameterWorld& pw) {
  try {
    return gpu_count(model, pw.world, pw.labels);
  } catch (const ReferenceError& e) {
    throw ReferenceError("fit", e.reason(), e.values());
  }
}

// GPUStack validates the parallel flags against the model before any strategy runs.
bool refuse_invalid_parallelism(Trace& trace, const HfHyperParameters& hp, const ServingParameters& sp, bool manual) {
  auto failure = validate_parallelism(hp, sp.parallel);
  if (!failure) return false;
  const Json data = failure->to_json();
  if (manual) skip(trace, "manual", "parallel_validation", data);
  skip(trace, "single_worker", "parallel_validation", data);
  skip(trace, "multi_worker", "parallel_validation", data);
  emit(trace, trace.messages().size(), {validation_message(*failure)});
  return true;
}

// With GPU ids only the manual routine runs; our messages precede its own when nothing (or one
// overcommitted candidate) came of it.
FitResult fit_manual(FitContext& ctx, const Request& request, double fraction, const std::optional<int>& count,
                     const std::vector<MessageSlot>& slots) {
  Trace& trace = ctx.trace;
  const std::size_t at = trace.messages().size();
  ManualOptions options;
  options.selector = "mindie";
  options.gpu_count = count.value_or(static_cast<int>(gpu_ids(ctx.model)->size()));
  options.utilisation = {{"*", fraction}};
  options.allow_multi_worker = true;
  std::vector<Candidate> found = select_manual(ctx, ManualRequest{request.vram, request.ram}, options);
  skip(trace, "single_worker", "manual_only");
  skip(trace, "multi_worker", "manual_only");
  const bool explained = found.empty() || (found.size() == 1 && found.front().overcommit.value_or(false));
  if (explained) emit(trace, at, slots);
  FitResult r;
  if (!found.empty()) r.strategy = "manual";
  r.candidates = std::move(found);
  return r;
}

void skip_without_available_workers(Trace& trace, const AvailableWorkers& available, std::vector<MessageSlot> slots) {
  Json data{{"reason", "no worker has devices, enough RAM and a top device that takes its claim"},
            {"examined", available.examined},
            {"rejections", available.rejections}};
  skip(trace, "single_worker", "no_allocatable_gpu", data);
  skip(trace, "multi_worker", "no_allocatable_gpu", data);
  slots.insert(slots.begin(), no_available_workers_message());  // GPUStack writes it before the requirement
  emit(trace, trace.messages().size(), slots);
}

// The available workers, then the single-worker strategy, then (distributed only) multi-worker.
FitResult fit_available(FitContext& ctx, const Request& request, const HfHyperParameters& hp, const ServingParameters& sp,
                        std::vector<MessageSlot> slots) {
  Trace& trace = ctx.trace;
  const double fraction = sp.npu_memory_fraction;
  const bool distributed = distributed_enabled(ctx.model);
  AvailableWorkers available = available_workers(ctx, request.ram, fraction);
  summarise_rejections(trace, available.rejections, available.examined, "available");
  const WalkRules rules{fraction, sp.parallel.world, sp.parallel.local, distributed, &hp, &ctx.params};
  if (available.workers.empty()) {
    skip_without_available_workers(trace, available, std::move(slots));
    return {};
  }

  Json& single_rec = strategy(trace, "single_worker", "tried");
  single_rec["rejections"] = available.rejections;
  StrategyOutcome single = select_single_worker(available.workers, request, rules, single_rec);
  summarise_rejections(trace, single_rec["rejections"], available.examined, "single_worker");
  slots.insert(slots.end(), single.messages.begin(), single.messages.end());
  if (!single.candidates.empty()) {
    strategy(trace, "multi_worker", "not_reached");
    return {std::move(single.candidates), "single_worker"};
  }

  if (!distributed) {
    skip(trace, "multi_worker", "distributed_disabled");
    emit(trace, trace.messages().size(), slots);
    return {};
  }
  Json& multi_rec = strategy(trace, "multi_worker", "tried");
  multi_rec["rejections"] = available.rejections;
  StrategyOutcome multi = select_multi_worker(available.workers, request, rules, multi_rec);
  summarise_rejections(trace, multi_rec["rejections"], available.examined, "multi_worker");
  if (!multi.candidates.empty()) return {std::move(multi.candidates), "multi_worker"};
  slots.insert(slots.end(), multi.messages.begin(), multi.messages.end());
  emit(trace, trace.messages().size(), slots);
  return {};
}

}  // namespace

FitResult select_mindie(FitContext& ctx) {
  const Model& model = ctx.model;
  Trace& trace = ctx.trace;
  const HfHyperParameters hp = model_config(ctx.scenario);
  const ServingParameters sp = fit_serving_parameters(model, hp, trace);
  const ParameterWorld pw = parameter_world(sp.parallel);
  const std::optional<int> count = fit_gpu_count(model, pw);

  const UsageEstimate est = estimate_usage(ctx.scenario, model, hp, sp);
  record_requirement(trace, est, sp, pw, count);
  const Request request{est.ram, est.vram};
  const bool manual = gpu_ids(model) != nullptr;
  if (refuse_invalid_parallelism(trace, hp, sp, manual)) return {};

  std::vector<MessageSlot> slots{requirement_message(request)};
  if (auto f = fraction_message(request, sp.npu_memory_fraction)) slots.push_back(*f);
  if (manual) return fit_manual(ctx, request, sp.npu_memory_fraction, count, slots);
  return fit_available(ctx, request, hp, sp, std::move(slots));
}

long long mindie_world_size(const Model& model, const BackendParameters&) {
  // A fresh parser, as GPUStack's get_world_size_from_backend_parameters uses: max_seq_len keeps
  // its default, and no config is needed.
  const ServingParameters sp = parse_serving_parameters(model.backend_parameters, model.env, kMaxSeqLenCap, "evaluation");
  return parameter_world(sp.parallel).world;
}

}  // namespace placement
