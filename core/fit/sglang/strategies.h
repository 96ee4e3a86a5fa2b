// The three automatic SGLang strategies (scheduler-rules.md §3.4.5-7). Each fills its strategy record
// (§6.3) and the run's explanation events, and returns its candidates in GPUStack's order.
#pragma once

#include "fit/common/strategy_record.h"
#include "fit/sglang/sglang_run.h"

namespace placement {

std::vector<Candidate> sglang_single_gpu(SglangRun& run, StrategyRecord& record);
std::vector<Candidate> sglang_single_worker_multi_gpu(SglangRun& run, StrategyRecord& record);
std::vector<Candidate> sglang_multi_worker(SglangRun& run, StrategyRecord& record);

}  // namespace placement
