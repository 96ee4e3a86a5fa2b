// The levers `advise` pulls, in order of value (cheapest, most likely first). Each proposes
// changes, has the search verify them, and records what the scheduler confirmed.
#pragma once

#include "whatif/advise/search.h"

namespace placement::whatif {

void lever_memory_fraction(Search& s);     // vLLM / SGLang / MindIE memory fraction (smallest that fits)
void lever_parallel_size(Search& s);       // hand-given tensor / pipeline parallel sizes dropped
void lever_parallel_values(Search& s);     // tensor / pipeline parallel sizes set (powers of two)
void lever_mindie_lengths(Search& s);      // MindIE --max-seq-len, --max-batch-size (largest that fits)
void lever_gguf_ctx_size(Search& s);       // GGUF --ctx-size (largest that fits; needs a GGUF profile)
void lever_placement_strategy(Search& s);  // spread <-> binpack
void lever_distributed(Search& s);         // distributed inference across workers
void lever_cpu_offloading(Search& s);      // CPU offloading
void lever_selectors(Search& s);           // worker_selector keys, gpu_selector, pinned backend_version
void lever_not_ready_workers(Search& s);   // a not-ready worker that would fit if it were ready
void lever_remove_instances(Search& s);    // fewest instances to remove (this model's, other models')
void lever_hardware(Search& s);            // more copies of a worker, more GPUs on a worker, a larger GPU
void lever_combinations(Search& s);        // when nothing alone fits: a parameter / setting change + hardware

// Tensor / pipeline parallel sizes written in backend_parameters: element positions (a separate
// value included) and their text as written.
struct GivenParallelSizes {
  std::vector<std::size_t> positions;
  std::string text;
};
GivenParallelSizes given_parallel_sizes(const Json& document);
// Removes them, last element first so each path stays valid.
Json remove_given_parallel_sizes(const GivenParallelSizes& given);

// The model's backend, lower case (vllm, sglang, mindie, custom, ...).
std::string backend_key(const Model& model);

// Two decimals, as people write fractions ("0.85").
std::string fraction_text(double v);

}  // namespace placement::whatif
