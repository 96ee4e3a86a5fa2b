// The GGUF resource-fit selector (scheduler-rules.md §3.2): setup, then S1…S5 in GPUStack's order,
// each either skipped by a rule, tried, or not reached after a winner; the first strategy with
// candidates wins. Explanation events become §6.9 messages at the end; summary lines count what
// was rejected per strategy.
#include "fit/gguf/estimate_provider.h"
#include "fit/gguf/events.h"
#include "fit/gguf/query_log.h"
#include "fit/gguf/record.h"
#include "fit/gguf/requirement_record.h"
#include "fit/gguf/setup.h"
#include "fit/gguf/skip_rules.h"
#include "fit/gguf/strategies.h"
#include "fit/registry.h"
#include "scenario/errors.h"

namespace placement {

namespace {

using namespace gguf_fit;

std::vector<Candidate> run_strategy(Strategy s, GgufRun& run, StrategyRecorder& rec) {
  switch (s) {
    case Strategy::single_gpu: return run_single_gpu_full(run, rec);
    case Strategy::multi_gpu: return run_multi_gpu_full(run, rec);
    case Strategy::rpc: return run_multi_worker_rpc(run, rec);
    case Strategy::partial: return run_partial_offload(run, rec);
    case Strategy::cpu: return run_cpu_only(run, rec);
  }
  return {};
}

// §6.6 lines for one tried strategy: rejections counted per code and unit.
void summarise(Trace& trace, const StrategyRecorder& rec, std::size_t workers, std::size_t gpus) {
  std::vector<std::pair<std::string, long long>> gpu_codes, worker_codes;
  auto bump = [](std::vector<std::pair<std::string, long long>>& v, const std::string& code) {
    for (auto& [k, n] : v)
      if (k == code) {
        ++n;
        return;
      }
    v.emplace_back(code, 1);
  };
  for (const GgufRejection& r : rec.rejections()) {
    const std::string code = r.code;
    if (r.gpu_indexes.empty()) bump(worker_codes, code);
    else bump(gpu_codes, code);
  }
  const DataFields params{{"selector", "gguf"}, {"strategy", rec.id()}};
  for (const auto& [code, n] : gpu_codes) trace.summary("rejected_" + code, n, static_cast<long long>(gpus), "gpus", params);
  for (const auto& [code, n] : worker_codes) trace.summary("rejected_" + code, n, static_cast<long long>(workers), "workers", params);
}

void require_estimate_sources(const Scenario& s) {
  if (s.estimates.gguf_parser.empty() && !s.estimates.gguf_profile)
    throw InputError("/estimates", "a GGUF model needs estimates.gguf_parser or estimates.gguf_profile");
}

}  // namespace

FitResult select_gguf(FitContext& ctx) {
  FitResult result;
  if (ctx.workers.empty()) return result;  // GPUStack returns before asking for any estimate
  require_estimate_sources(ctx.scenario);
  if (!ctx.gguf_estimates) throw InputError("/estimates", "no GGUF estimate provider");
  // Handed over first: a setup or search that fails shows the queries it had asked.
  auto requirement = std::make_shared<GgufRequirement>();
  ctx.trace.set_requirement(requirement);
  QueryLog queries(*ctx.gguf_estimates, ctx.scenario, ctx.trace, *requirement);
  EventLog events;
  Setup setup = build_setup(ctx, queries, *requirement);
  GgufRun run{ctx, setup, queries, events};

  static const Strategy kOrder[] = {Strategy::single_gpu, Strategy::multi_gpu, Strategy::rpc, Strategy::partial, Strategy::cpu};
  for (Strategy s : kOrder) {
    StrategyRecorder rec(ctx.trace, s);
    if (!result.candidates.empty()) {
      rec.finish("not_reached", 0);
      continue;
    }
    if (std::optional<Skip> skip = skip_rule(run, s)) {
      rec.skip(skip->code, skip->data);
      rec.finish("skipped", 0);
      continue;
    }
    std::vector<Candidate> found = run_strategy(s, run, rec);
    summarise(ctx.trace, rec, setup.workers.size(), setup.gpu_count);
    rec.finish("tried", found.size());
    if (!found.empty()) {
      result.candidates = std::move(found);
      result.strategy = strategy_id(s);
    }
  }

  if (result.candidates.empty() && events.empty()) {
    events.add(Level::error, kPreCheck, "insufficient", kInsufficient,
               DataFields{{"vram", setup.full_vram.nonuma}, {"ram", setup.full_ram.nonuma}, {"selected", setup.selection.active}});
  }
  // The events are GGUF's typed list while it decides; the messages they show go to the trace once.
  SelectorMessages messages;
  events.emit(messages, !result.candidates.empty());
  messages.commit(ctx.trace);
  return result;
}

}  // namespace placement
