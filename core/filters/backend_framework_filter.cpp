#include "filters/backend_framework_filter.h"

#include <algorithm>

#include "filters/backend_record_members.h"
#include "filters/backend_support.h"
#include "filters/catalogue/default_install.h"
#include "filters/filter_summaries.h"
#include "filters/verdict_data.h"
#include "scenario/errors.h"

namespace placement::filters {

namespace {

constexpr const char* kCustomBackend = "Custom";
constexpr const char* kAscendVendor = "ascend";
constexpr const char* kCpu = "cpu";

// The CANN variant GPUStack queries runners of: only for an Ascend device with an arch_family. A
// name gpustack-runtime does not know makes GPUStack call `.lower()` on None: the decision fails.
std::optional<std::string> variant_of(const Worker& w, const GpuDevice& gpu, Trace& trace) {
  if (gpu.vendor != kAscendVendor || !gpu.arch_family || gpu.arch_family->empty()) return std::nullopt;
  if (auto variant = catalogue::ascend_cann_variant(*gpu.arch_family)) return variant;
  const std::vector<std::string> like = catalogue::ascend_chip_names_like(*gpu.arch_family, 8);
  std::string known;
  for (const std::string& name : like) known += (known.empty() ? "" : ", ") + name;
  trace.quirk("Q33", "filters.backend_framework", "an Ascend arch_family that is no known chip name fails the whole decision");
  throw ReferenceError("filters",
                       "worker " + w.name + " GPU " + std::to_string(gpu.index) + " (vendor ascend) reports arch_family '" +
                           *gpu.arch_family +
                           "', which is no Ascend chip name gpustack-runtime knows: its CANN variant lookup returns None and "
                           "GPUStack's backend framework filter fails ('NoneType' object has no attribute 'lower')" +
                           (known.empty() ? std::string() : "; known chip names like it: " + known),
                       DataFields{{"worker", w.name},
                                  {"gpu_index", gpu.index},
                                  {"arch_family", *gpu.arch_family},
                                  {"known_like_it", like},
                                  {"gpustack_error", "'NoneType' object has no attribute 'lower'"}});
}

// Distinct conditions of a worker, plus `cpu` when it has no GPU or the model offloads to CPU.
// GPUStack collects them in a set (arbitrary order); first-appearance order keeps the trace
// stable. The order never changes the verdict, only the order of the reasons.
std::vector<Condition> conditions_of(const Worker& w, const Model& model, Trace& trace) {
  std::vector<Condition> out;
  for (const GpuDevice& gpu : w.gpus) {
    std::optional<std::string> variant = variant_of(w, gpu, trace);
    // Compared in place: a worker's GPUs mostly share one condition, built once.
    const bool seen = std::any_of(out.begin(), out.end(), [&](const Condition& c) {
      return c.type == gpu.type && c.runtime == gpu.runtime_version && c.variant == variant;
    });
    if (!seen) out.push_back(Condition{gpu.type, gpu.runtime_version, std::move(variant)});
  }
  if (out.empty() || model.cpu_offloading) {
    Condition cpu{kCpu, std::nullopt, std::nullopt};
    if (std::find(out.begin(), out.end(), cpu) == out.end()) out.push_back(cpu);
  }
  return out;
}

bool null_backend(const Model& model) { return !model.backend || model.backend->empty(); }

// Why every worker is dropped when one field of the model decides it — a backend GPUStack has never
// heard of, or a pin no row or runner has for these devices — and the values that would keep
// workers. None when neither holds.
std::optional<AllDroppedNote> all_dropped_note(const FilterContext& ctx, bool scenario_rows, const std::vector<InferenceBackend>& rows,
                      const BackendLookup& lookup, const std::optional<std::string>& pin,
                      const std::vector<std::vector<Condition>>& conditions) {
  const Model& model = ctx.model;
  const std::string where = scenario_rows ? "the scenario's inference_backends" : "a default install";
  const std::string service = catalogue::runner_service_of(lookup.backend());
  if (lookup.known()) {
    if (!pin) return std::nullopt;
    return AllDroppedNote{BackendFrameworkFilter::kCausePinnedVersion,
                          "backend_version",
                          *pin,
                          lookup.backend(),
                          "neither " + where + "'s " + lookup.backend() + " rows nor a '" + service + "' runner of " +
                              catalogue::kRunnerRelease + " has version " + *pin + " for these workers' devices, so every worker is dropped",
                          versions_that_pass(lookup, conditions)};
  }
  const bool gguf_null = null_backend(model) && is_gguf(model);
  const std::string why = gguf_null ? "a GGUF model with backend null is filtered as backend Custom, but only the literal backend "
                                      "Custom skips this filter; " + where + " has no Custom row and there is no 'custom' runner"
                                    : "backend " + lookup.backend() + " has no row in " + where + " and no runner service '" + service +
                                          "' in " + catalogue::kRunnerRelease;
  return AllDroppedNote{gguf_null ? BackendFrameworkFilter::kCauseGgufNullBackend : BackendFrameworkFilter::kCauseUnknownName,
                        "backend",
                        model.backend,
                        lookup.backend(),
                        why + ", so every worker is dropped",
                        backends_that_pass(rows, scenario_rows, model, pin, lookup, conditions)};
}

// A cluster has few distinct device conditions: each is looked up once, and the workers passing
// on it share their data (the first 32 conditions; past them every worker with another condition
// is looked up on its own, never a longer scan).
class ConditionMemo {
 public:
  struct Entry {
    Condition condition;
    Support support;
    std::shared_ptr<const SupportedData> data;  // built at the first worker passing on it
  };
  explicit ConditionMemo(const BackendLookup& lookup) : lookup_(lookup) { seen_.reserve(kKept); }  // entries are pointed into

  Entry& of(const Condition& c) {
    for (Entry& e : seen_)
      if (e.condition == c) return e;
    Entry fresh{c, lookup_.support(c), nullptr};
    if (seen_.size() < kKept) return seen_.emplace_back(std::move(fresh));
    return unmemoised_ = std::move(fresh);
  }

 private:
  static constexpr std::size_t kKept = 32;
  const BackendLookup& lookup_;
  std::vector<Entry> seen_;
  Entry unmemoised_;
};

// Records one worker's verdict: it passes on its first supported condition; otherwise every
// condition becomes a reason (in `reasons`) and it fails.
bool decide_worker(const Worker& w, const std::vector<Condition>& conditions, ConditionMemo& memo,
                   const std::optional<std::string>& pinned, FilterRecord& record, UnsupportedConditions& reasons) {
  for (const Condition& c : conditions) {
    ConditionMemo::Entry& verdict = memo.of(c);
    if (verdict.support) {
      if (!verdict.data) verdict.data = std::make_shared<const SupportedData>(verdict.support, c);
      record.pass(w, BackendFrameworkFilter::kCodeSupported, verdict.data);
      return true;
    }
    const char* why = pinned ? BackendFrameworkFilter::kWhyVersion : c.type == kCpu ? BackendFrameworkFilter::kWhyCpu : BackendFrameworkFilter::kWhyGpu;
    reasons.reasons.push_back(UnsupportedCondition{c, pinned, why});
  }
  return false;
}

}  // namespace

void BackendFrameworkFilter::run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record) {
  const Model& model = ctx.model;
  const std::string backend = effective_backend(model);
  auto members = std::make_shared<BackendRecordMembers>();
  members->backend = backend;
  record.members(members);
  if (model.backend && *model.backend == kCustomBackend) {
    record.not_applied("backend Custom runs a user image: there is no runner catalogue to check", workers);
    return;
  }
  // Every worker's conditions first: an unknown Ascend chip fails the decision before any verdict.
  std::vector<std::vector<Condition>> conditions;
  conditions.reserve(workers.size());
  for (const Worker* w : workers) conditions.push_back(conditions_of(*w, model, ctx.trace));
  if (null_backend(model) && !is_gguf(model))
    ctx.trace.quirk("Q17", "filters.backend_framework",
                    "the backend is null: the filter checks the effective backend vLLM while dispatch uses the literal value");

  const bool scenario_rows = ctx.scenario.inference_backends.has_value();
  const std::vector<InferenceBackend>& rows = scenario_rows ? *ctx.scenario.inference_backends : catalogue::default_install_rows();
  const auto& pinned = model.backend_version;  // GPUStack's reason text follows `is not None`,
  const std::optional<std::string> pin = pinned && !pinned->empty() ? pinned : std::nullopt;  // its look-ups truthiness
  const BackendLookup lookup(rows, scenario_rows, model, backend, pin);
  members->rows = scenario_rows ? kRowsScenario : kRowsDefaultInstall;
  members->backend_version = pinned;
  members->runner_release = catalogue::kRunnerRelease;
  record.applied("backend " + backend + " must have, for one of the worker's devices, a version in " +
                 (scenario_rows ? "the scenario's rows" : "a default install's rows") + " or a " + catalogue::kRunnerRelease + " runner");

  auto summary = std::make_shared<BackendSummary>();
  summary->backend = backend;
  summary->rows = scenario_rows ? kRowsScenario : kRowsDefaultInstall;
  std::vector<std::string>& removed = summary->removed;
  ConditionMemo memo(lookup);
  std::shared_ptr<UnsupportedConditions> reasons;  // a fresh list only after a worker kept the last one
  for (std::size_t i = 0; i < workers.size(); ++i) {
    if (!reasons) reasons = std::make_shared<UnsupportedConditions>();
    reasons->reasons.clear();  // a passing worker may have failed conditions before its supported one
    if (decide_worker(*workers[i], conditions[i], memo, pinned, record, *reasons)) continue;
    record.fail(*workers[i], kCodeUnsupported, std::make_shared<const UnsupportedData>(reasons));
    removed.push_back(workers[i]->name);
    // GPUStack writes one line per removed worker, listing every failed condition.
    ctx.trace.message("filters", Name,
                      DataFields{{"worker", workers[i]->name},
                                 {"backend", backend},
                                 {"backend_version", pinned},
                                 {"reasons", std::shared_ptr<const DeferredList>(reasons)}});
    reasons = nullptr;
  }
  if (!workers.empty() && removed.size() == workers.size())
    members->all_dropped = all_dropped_note(ctx, scenario_rows, rows, lookup, pin, conditions);
  if (!removed.empty() && null_backend(model) && is_gguf(model))
    ctx.trace.quirk("Q32", "filters.backend_framework",
                    "a GGUF model with backend null is filtered as Custom but not skipped like the literal Custom");
  record.summary(std::move(summary));
}

}  // namespace placement::filters
