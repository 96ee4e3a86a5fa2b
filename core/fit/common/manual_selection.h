// Manual GPU selection (scheduler-rules.md §3.1.7), shared by vLLM, SGLang, MindIE and
// single-worker Custom: candidates built from exactly the GPUs the user named.
#pragma once

#include <string>
#include <vector>

#include "fit/common/selector_messages.h"
#include "fit/common/shared_rules.h"
#include "fit/fit_context.h"

namespace placement {

// What the model asks of the selected GPUs.
struct ManualRequest {
  Bytes vram = 0;
  Bytes ram = 0;  // static RAM request (0 = none; RAM then follows §3.1.3)
};

// What a manual run ended with, for callers that shape their own explanation (vLLM/SGLang: the
// distributed-limit notice replaces everything else, Q22).
struct ManualOutcome {
  bool heterogeneous = false;  // 3.1.7.1 error event: nothing was tried
  bool overcommit = false;     // the returned candidate is overcommitted
  bool multi_replica_overcommit = false;  // everything overcommitted and replicas > 1: none returned
  // GPUStack's "one distributed instance per worker" notice: last skipped subordinate and the
  // instance that blocked it (empty when no subordinate was skipped).
  std::string distributed_limit_worker;
  std::string distributed_limit_instance;
};

struct ManualOptions {
  std::string selector;   // for trace records: vllm | sglang | mindie | custom
  int gpu_count = 1;      // the selector's gpu count (3.1.5); < 1 tries nothing
  UtilisationMap utilisation;
  bool allow_multi_worker = true;  // false: no multi-worker attempt (single-worker Custom)
  ManualOutcome* outcome = nullptr;  // optional: filled with how the run ended
};

// Returns the candidates (possibly one overcommitted), recording a `manual` strategy record in
// ctx.trace and §6.9 messages {source: "manual", key} in `messages`: heterogeneous, multi_replica_overcommit,
// overcommit, distributed_limit (see manual_selection.cpp and manual_overcommit.cpp for their
// values). Candidates and their subordinates carry `gpu_addresses` when the model's backend is
// MindIE (GPUStack lists every selected NPU of the worker there, Q34). Throws ReferenceError(fit)
// where GPUStack divides by a GPU total of 0.
std::vector<Candidate> select_manual(FitContext& ctx, const ManualRequest& request, const ManualOptions& options,
                                     SelectorMessages& messages);

}  // namespace placement
