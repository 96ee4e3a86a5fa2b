// The Custom / VoxBox resource-fit selector (scheduler-rules.md §3.6), split by path. select_custom
// (selector.cpp) runs them in GPUStack's order — manual, single GPU, single-worker multi
// GPU, CPU — and stops at the first with candidates.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fit/common/data_fields.h"
#include "fit/common/rejection_codes.h"
#include "fit/common/selector_messages.h"
#include "fit/common/strategy_record.h"
#include "fit/common/worker_pool.h"
#include "fit/custom/custom_rejections.h"
#include "fit/fit_context.h"

namespace placement::custom {

inline constexpr const char* kSelector = "custom";
inline constexpr const char* kManual = "manual";
inline constexpr const char* kSingleGpu = "single_gpu";
inline constexpr const char* kMultiGpu = "single_worker_multi_gpu";
inline constexpr const char* kCpuOnly = "cpu_only";
// Custom's rejection code for a VRAM or RAM shortfall (the other backends write `insufficient`).
inline constexpr const char* kRejectShortfall = "shortfall";

// What the model needs: VRAM per §3.1.1, RAM = max(int(VRAM × 0.1), 2 GiB).
struct CustomRequest {
  Bytes vram = 0;
  Bytes ram = 0;
  std::string vram_source;  // env | weights_bytes
};
CustomRequest custom_request(const Scenario& scenario, const Model& model);

// One GPUStack explanation event a path recorded ({key, values} of a §6.9 `custom` message).
struct CustomSlot {
  std::string key;
  DataFields values;
};

struct PathOutcome {
  std::vector<Candidate> candidates;
  std::optional<CustomSlot> slot;  // the path's explanation event, when GPUStack records one
};

PathOutcome find_manual(FitContext& ctx, const CustomRequest& req, SelectorMessages& messages);
// The automatic paths share one pool: GPUStack's type grouping (Q1) changes a mixed worker for
// the rest of the run, and its candidates carry the changed worker to the scorers.
PathOutcome find_single_gpu(FitContext& ctx, const CustomRequest& req, WorkerPool& pool);
PathOutcome find_multi_gpu(FitContext& ctx, const CustomRequest& req, WorkerPool& pool);
PathOutcome find_cpu_only(FitContext& ctx, const CustomRequest& req, WorkerPool& pool);

std::vector<int> gpu_indexes_of_type(const Worker& w, const std::string& type);

// Trace helpers for the strategy records (§6.3, §6.4).
StrategyRecord begin_strategy(const std::string& strategy);
void skip_strategy(Trace& trace, const std::string& strategy, const std::string& code, DataFields data = {});
void not_reached(Trace& trace, const std::string& strategy);
// The GPU type a GPU path reads `w` with, or null after recording why it cannot: a worker without
// GPUs (no_gpus), or a mixed worker whose devices of the group's type GPUStack's grouping hid (Q1).
const std::string* usable_gpu_type(Trace& trace, StrategyRecord& rec, CustomRejections& rejections, const char* strategy,
                                   const WorkerPool& pool, const PoolTypeGroup& group, const Worker& w);
// RAM a worker would regain if every existing claim were released (UMA also regains the VRAM claims).
Bytes releasable_ram(const Worker& w, const Allocatable& a);

Candidate gpu_candidate(const Worker& w, const std::string& type, std::vector<int> indexes, VramMap vram, Bytes ram);

}  // namespace placement::custom
