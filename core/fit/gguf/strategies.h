// The five GGUF strategies (§3.2), one file each. Each fills its strategy record (rejections,
// not-examined entities, caps, quirks) and raises its explanation events.
#pragma once

#include <vector>

#include "fit/gguf/record.h"
#include "fit/gguf/run.h"

namespace placement::gguf_fit {

std::vector<Candidate> run_single_gpu_full(GgufRun& run, StrategyRecord& rec);     // S1
std::vector<Candidate> run_multi_gpu_full(GgufRun& run, StrategyRecord& rec);      // S2
std::vector<Candidate> run_multi_worker_rpc(GgufRun& run, StrategyRecord& rec);    // S3
std::vector<Candidate> run_partial_offload(GgufRun& run, StrategyRecord& rec);     // S4
std::vector<Candidate> run_cpu_only(GgufRun& run, StrategyRecord& rec);            // S5

}  // namespace placement::gguf_fit
