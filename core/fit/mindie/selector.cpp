// Ascend MindIE resource fit (scheduler-rules.md §3.5): parameters → estimate → parallel validation →
// manual routine (with GPU ids) or available workers → single worker → multi worker.
#include <algorithm>

#include "fit/common/manual_selection.h"
#include "fit/common/strategy_record.h"
#include "fit/mindie/mindie_estimate.h"
#include "fit/mindie/mindie_messages.h"
#include "fit/mindie/requirement_record.h"
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
  } catch (const ParameterRefusal& e) {
    TraceValues values = e.trace_values();
    values.set({"gpustack_error", "Failed to parse model " + m.name + " serve parameters: " + e.message()});
    throw ReferenceError(e.stage(), e.reason(), std::move(values));
  }
}

void not_reached(Trace& t, const std::string& id) { commit_strategy(t, begin_strategy_record("mindie", id, "not_reached")); }

void skip(Trace& t, const std::string& id, const std::string& code, DataFields data = {}) {
  commit_strategy(t, skip_strategy_record("mindie", id, code, std::move(data)));
}

// Inserts the buffered slots at `at` (before anything the manual routine added after it).
void emit(SelectorMessages& messages, std::size_t at, const std::vector<MessageSlot>& slots) {
  std::size_t pos = std::min(at, messages.size());
  for (const auto& s : slots) messages.insert(pos++, SelectorMessage{kMessageSource, s.key, s.values});
}

// After everything recorded so far.
void emit(SelectorMessages& messages, const std::vector<MessageSlot>& slots) { emit(messages, messages.size(), slots); }

void summarise_rejections(Trace& t, const MindieRejections& rejections, long long of, const std::string& strategy_id) {
  std::vector<std::pair<std::string, long long>> counts;  // code → workers, first-seen order
  for (const MindieRejection& r : rejections.list) {
    if (strategy_id != "available" && r.available_stage) continue;  // counted once, under "available"
    const std::string code = r.code;
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == code; });
    if (it == counts.end()) counts.emplace_back(code, 1);
    else ++it->second;
  }
  for (const auto& [code, n] : counts) t.summary("mindie_" + strategy_id + "_rejected", n, of, "workers", DataFields{{"code", code}});
}

// A tried strategy's record, begun with the workers dropped before any strategy ran.
template <class Select>
StrategyOutcome run_strategy(Trace& trace, const std::string& id, const AvailableWorkers& available, Select&& select) {
  return record_strategy(trace, begin_strategy_record("mindie", id, "tried"), [&](StrategyRecord& rec) {
    auto rejections = std::make_shared<MindieRejections>(available.rejections);
    rec.set_rejections(std::shared_ptr<const DeferredList>(rejections));
    StrategyOutcome outcome = select(rec, *rejections);
    summarise_rejections(trace, *rejections, available.examined, id);
    return outcome;
  });
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
    throw ReferenceError("fit", e.reason(), e.trace_values());
  }
}

// GPUStack validates the parallel flags against the model before any strategy runs.
bool refuse_invalid_parallelism(Trace& trace, SelectorMessages& messages, const HfHyperParameters& hp, const ServingParameters& sp,
                                bool manual) {
  auto failure = validate_parallelism(hp, sp.parallel);
  if (!failure) return false;
  const DataFields data = failure->fields();
  if (manual) skip(trace, "manual", "parallel_validation", data);
  skip(trace, "single_worker", "parallel_validation", data);
  skip(trace, "multi_worker", "parallel_validation", data);
  emit(messages, {validation_message(*failure)});
  return true;
}

// With GPU ids only the manual routine runs; our messages precede its own when nothing (or one
// overcommitted candidate) came of it.
FitResult fit_manual(FitContext& ctx, SelectorMessages& messages, const Request& request, double fraction,
                     const std::optional<int>& count, const std::vector<MessageSlot>& slots) {
  Trace& trace = ctx.trace;
  const std::size_t at = messages.size();
  ManualOptions options;
  options.selector = "mindie";
  options.gpu_count = count.value_or(static_cast<int>(gpu_ids(ctx.model)->size()));
  options.utilisation = {{"*", fraction}};
  options.allow_multi_worker = true;
  std::vector<Candidate> found = select_manual(ctx, ManualRequest{request.vram, request.ram}, options, messages);
  skip(trace, "single_worker", "manual_only");
  skip(trace, "multi_worker", "manual_only");
  const bool explained = found.empty() || (found.size() == 1 && found.front().overcommit.value_or(false));
  if (explained) emit(messages, at, slots);
  FitResult r;
  if (!found.empty()) r.strategy = "manual";
  r.candidates = std::move(found);
  return r;
}

void skip_without_available_workers(Trace& trace, SelectorMessages& messages, const AvailableWorkers& available,
                                    std::vector<MessageSlot> slots) {
  const std::shared_ptr<const DeferredList> rejections = std::make_shared<MindieRejections>(available.rejections);
  const DataFields data{{"reason", "no worker has devices, enough RAM and a top device that takes its claim"},
                        {"examined", available.examined},
                        {"rejections", rejections}};
  skip(trace, "single_worker", "no_allocatable_gpu", data);
  skip(trace, "multi_worker", "no_allocatable_gpu", data);
  slots.insert(slots.begin(), no_available_workers_message());  // GPUStack writes it before the requirement
  emit(messages, slots);
}

// The available workers, then the single-worker strategy, then (distributed only) multi-worker.
FitResult fit_available(FitContext& ctx, SelectorMessages& messages, const Request& request, const HfHyperParameters& hp,
                        const ServingParameters& sp, std::vector<MessageSlot> slots) {
  Trace& trace = ctx.trace;
  const double fraction = sp.npu_memory_fraction;
  const bool distributed = distributed_enabled(ctx.model);
  AvailableWorkers available = available_workers(ctx, request.ram, fraction);
  summarise_rejections(trace, available.rejections, available.examined, "available");
  const WalkRules rules{fraction, sp.parallel.world, sp.parallel.local, distributed, &hp, &ctx.params};
  if (available.workers.empty()) {
    skip_without_available_workers(trace, messages, available, std::move(slots));
    return {};
  }

  StrategyOutcome single = run_strategy(trace, "single_worker", available, [&](StrategyRecord& rec, MindieRejections& rejections) {
    return select_single_worker(available.workers, request, rules, rec, rejections);
  });
  slots.insert(slots.end(), single.messages.begin(), single.messages.end());
  if (!single.candidates.empty()) {
    not_reached(trace, "multi_worker");
    return {std::move(single.candidates), "single_worker"};
  }

  if (!distributed) {
    skip(trace, "multi_worker", "distributed_disabled");
    emit(messages, slots);
    return {};
  }
  StrategyOutcome multi = run_strategy(trace, "multi_worker", available, [&](StrategyRecord& rec, MindieRejections& rejections) {
    return select_multi_worker(available.workers, request, rules, rec, rejections);
  });
  if (!multi.candidates.empty()) return {std::move(multi.candidates), "multi_worker"};
  slots.insert(slots.end(), multi.messages.begin(), multi.messages.end());
  emit(messages, slots);
  return {};
}

// The run, its §6.9 messages collected in `messages`.
FitResult select_mindie(FitContext& ctx, SelectorMessages& messages) {
  const Model& model = ctx.model;
  Trace& trace = ctx.trace;
  const HfHyperParameters hp = model_config(ctx.scenario);
  const ServingParameters sp = fit_serving_parameters(model, hp, trace);
  const ParameterWorld pw = parameter_world(sp.parallel);
  const std::optional<int> count = fit_gpu_count(model, pw);

  const UsageEstimate est = estimate_usage(ctx.scenario, model, hp, sp);
  trace.set_requirement(std::make_shared<MindieRequirement>(est, sp, pw, count));
  const Request request{est.ram, est.vram};
  const bool manual = gpu_ids(model) != nullptr;
  if (refuse_invalid_parallelism(trace, messages, hp, sp, manual)) return {};

  std::vector<MessageSlot> slots{requirement_message(request)};
  if (auto f = fraction_message(request, sp.npu_memory_fraction)) slots.push_back(*f);
  if (manual) return fit_manual(ctx, messages, request, sp.npu_memory_fraction, count, slots);
  return fit_available(ctx, messages, request, hp, sp, std::move(slots));
}

}  // namespace

FitResult select_mindie(FitContext& ctx) {
  return decide_with_messages(ctx.trace, [&](SelectorMessages& messages) { return select_mindie(ctx, messages); });
}

long long mindie_world_size(const Model& model, const BackendParameters&) {
  // A fresh parser, as GPUStack's get_world_size_from_backend_parameters uses: max_seq_len keeps
  // its default, and no config is needed.
  const ServingParameters sp = parse_serving_parameters(model.backend_parameters, model.env, kMaxSeqLenCap, "evaluation");
  return parameter_world(sp.parallel).world;
}

}  // namespace placement
