// The evaluation side effects (scheduler-rules.md §0 step 1): E1 gpus_per_replica, E2 GGUF
// distributable and distributed mode.
#include "evaluation/side_effects.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "evaluation/evaluation_record.h"
#include "fit/common/shared_rules.h"
#include "fit/registry.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement {

namespace {

long long largest_power_of_two_at_most(long long n) {
  if (n < 1) return 0;
  long long p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

bool gguf_estimate_distributable(const Scenario& s) {
  for (const auto& e : s.estimates.gguf_parser) {
    const Json& est = e.estimate.contains("estimate") ? e.estimate["estimate"] : e.estimate;
    if (est.is_object() && est.contains("distributable") && est["distributable"].is_boolean() && est["distributable"].get<bool>())
      return true;
  }
  if (s.estimates.gguf_profile && s.estimates.gguf_profile->contains("distributable")) {
    const Json& d = (*s.estimates.gguf_profile)["distributable"];
    if (d.is_boolean() && d.get<bool>()) return true;
  }
  return false;
}

}  // namespace

// §0 step 1: what GPUStack's evaluation fills in before an instance is queued.
void apply_evaluation(Model& model, const Scenario& s, const BackendParameters& params, Trace& trace) {
  // Handed over first: a change made before an evaluation error stays in the trace.
  auto record = std::make_shared<evaluation::EvaluationRecord>();
  trace.set_evaluation(record);
  evaluation::EvaluationRecord& ev = *record;
  if (s.skip_evaluation) {
    ev.skipped("skip_evaluation is set: the model is taken as given");
    return;
  }
  ev.applied();
  const auto* ids = gpu_ids(model);
  // E1: gpus_per_replica from the selected GPUs.
  if (ids && !gpus_per_replica(model)) {
    const std::string backend = effective_backend(model);
    long long n = static_cast<long long>(ids->size()) / std::max(model.replicas, 1);
    std::optional<long long> fill;
    std::string why;
    if (backend == "VoxBox") {
      fill = 1, why = "VoxBox runs on one GPU";
    } else if (skip_gpu_count_check(model)) {
      fill = n, why = "GPUSTACK_SKIP_GPU_COUNT_CHECK: selected GPUs per replica";
    } else {
      long long world = 0;
      bool world_error = false;
      if (backend == "vLLM" || backend == "SGLang" || backend == "MindIE") {
        try {
          world = backend == "vLLM" ? vllm_world_size(model, params)
                  : backend == "SGLang" ? sglang_world_size(model, params)
                                        : mindie_world_size(model, params);
        } catch (const ReferenceError&) {
          world_error = true;
        }
      }
      if (world_error) {
        why = "the parallel sizes are invalid: gpus_per_replica left empty";
      } else if (world > 0) {
        fill = world, why = "the parameter world size";
      } else {
        fill = largest_power_of_two_at_most(n), why = "largest power of two <= selected GPUs / replicas";
      }
    }
    if (fill) {
      if (!model.gpu_selector) model.gpu_selector = GpuSelector{};
      model.gpu_selector->gpus_per_replica = static_cast<int>(*fill);
      ev.change({evaluation::kE1, evaluation::kFieldGpusPerReplica, *fill, why});
    } else {
      ev.change({evaluation::kE1, evaluation::kFieldGpusPerReplica, nullptr, why});
    }
  }
  // E2: GGUF distributability, and distributed mode when ids span several workers.
  if (is_gguf(model)) {
    bool distributable = model.distributable || gguf_estimate_distributable(s);
    if (distributable != model.distributable) {
      model.distributable = distributable;
      ev.change({evaluation::kE2, evaluation::kFieldDistributable, true, "the estimate says the model is distributable"});
    }
    if (ids) {
      std::set<std::string> workers;
      for (const auto& id : *ids)
        if (auto g = parse_gpu_id(id)) workers.insert(g->worker_name);
      if (workers.size() > 1) {
        if (!distributable)
          throw ReferenceError("evaluation", "the selected GPUs span several workers but the model is not distributable",
                               DataFields{{"workers", std::vector<std::string>(workers.begin(), workers.end())}});
        model.distributed_inference_across_workers = true;
        ev.change({evaluation::kE2, evaluation::kFieldDistributed, true, "the selected GPUs span several workers"});
      }
    }
  }
}

}  // namespace placement
