// The five GGUF strategies (§3.2), one file each. Each fills its strategy record (rejections,
// not-examined entities, caps, quirks) and raises its explanation events.
#pragma once

#include <cstdint>
#include <vector>

#include "fit/gguf/record.h"
#include "fit/gguf/run.h"

namespace placement::gguf_fit {

std::vector<Candidate> run_single_gpu_full(GgufRun& run, StrategyRecorder& rec);     // S1
std::vector<Candidate> run_multi_gpu_full(GgufRun& run, StrategyRecorder& rec);      // S2
std::vector<Candidate> run_multi_worker_rpc(GgufRun& run, StrategyRecorder& rec);    // S3
std::vector<Candidate> run_partial_offload(GgufRun& run, StrategyRecorder& rec);     // S4
std::vector<Candidate> run_cpu_only(GgufRun& run, StrategyRecorder& rec);            // S5

// What the explanation estimate of a worker says the model needs in total (Σ VRAM over its GPUs).
struct EstimateTotals {
  Bytes vram = 0;
  Bytes ram = 0;
};

// The info event a GPU strategy raises about the worker GPUStack explains when nothing fit: that
// worker's allocatable VRAM and RAM in `values`, the estimate's totals and whether they fit
// (`fit_key`), or "estimate": "missing" when the explanation query has no estimate.
// insufficient_event_values: those values, after the strategy's own `values`.
DataFields insufficient_event_values(const char* fit_key, const WorkerView& w, DataFields values,
                                     const std::optional<EstimateTotals>& totals);
void add_insufficient_event(GgufRun& run, Strategy strategy, const char* event, const char* fit_key, const WorkerView& w,
                            DataFields values, const std::optional<EstimateTotals>& totals);

// GPUStack ends a GPU count's combination walk after the 2nd combination when all of the worker's
// GPUs hold the same allocatable VRAM. True when the walk stops at `position` (0-based) of `total`
// combinations of `gpus` GPUs; the skipped combinations are recorded as not examined, with the cap.
bool equal_vram_shortcut(StrategyRecorder& rec, const WorkerView& w, bool equal_vram, std::size_t gpus,
                         std::uint64_t total, std::size_t position);

}  // namespace placement::gguf_fit
