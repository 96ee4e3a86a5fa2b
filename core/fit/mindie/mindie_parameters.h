// MindIE's own reading of backend_parameters (scheduler-rules.md §3.5.1): GPUStack parses them with the
// MindIE backend's argparse parser (AscendMindIEParameters), not with the shared §1.6 reader. So:
// elements are argv tokens as given (no shell splitting), only MindIE's flag spellings count
// (`--tensor-parallel-size` / `-tp`, never `--tp`), unknown flags and stray values are ignored,
// the last occurrence wins, and a bad value or a failed check is an error naming the flag, the
// value and the rule (mindie_fields.h: the flag table, the defaults and the checks).
#pragma once

#include <string>
#include <vector>

#include "scenario/errors.h"
#include "scenario/types.h"

namespace placement::mindie {

// Parallel sizes after MindIE's defaulting; -1 means "auto" (not given).
struct ParallelSizes {
  long long pp = 1;
  long long tp = -1;
  long long dp = -1;
  long long cp = -1;
  long long sp = -1;
  long long moe_tp = -1;
  long long moe_ep = -1;
  long long world = -1;  // -1: automatic world size
  long long local = -1;  // devices per worker; -1: derived per worker group
};

struct ServingParameters {
  double npu_memory_fraction = 0.8;
  std::string fraction_source = "default";  // default | parameter | env (NPU_MEMORY_FRACTION)
  long long max_seq_len = 8192;
  bool max_seq_len_given = false;
  long long max_input_token_len = -1;
  long long cpu_mem_size = 0;           // GiB, after Q27
  long long cpu_mem_size_requested = 0;  // GiB, as given
  bool cpu_mem_size_dropped = false;     // Q27 fired
  long long cache_block_size = 128;
  long long max_batch_size = 200;
  long long max_prefill_batch_size = 50;
  long long max_preempt_count = 0;
  long long max_prefill_tokens = -1;  // defaults to max_seq_len
  long long max_iter_times = -1;      // defaults to max_seq_len
  ParallelSizes parallel;
  std::vector<std::string> ignored;  // tokens MindIE's parser did not recognise (for the trace)
};

// What parse_serving_parameters throws when MindIE refuses a parameter: the ReferenceError whose
// values name the flag, the value, the rule and GPUStack's message, with the message kept apart so
// the selector can add GPUStack's model-name wrapper without reading the values back.
class ParameterRefusal : public ReferenceError {
 public:
  ParameterRefusal(std::string stage, std::string reason, DataFields values, std::string message)
      : ReferenceError(std::move(stage), std::move(reason), std::move(values)), message_(std::move(message)) {}
  const std::string& message() const { return message_; }

 private:
  std::string message_;
};

// `derived_max_seq_len` is min(model max length, 8192) as GPUStack presets it. Throws
// ParameterRefusal (a ReferenceError(stage, reason)) on anything MindIE's parser or its range
// checks reject.
ServingParameters parse_serving_parameters(const std::vector<std::string>& argv, const StringMap& env,
                                           long long derived_max_seq_len, const std::string& stage);

// The world size GPUStack takes from the parameters: set only when some parallel flag is
// (pp > 1, or tp/dp/cp/sp/moe_tp/moe_ep > 0 after defaulting); `labels` like "tp/moe_tp".
struct ParameterWorld {
  long long world = 0;  // 0: none set
  std::string labels;
};
ParameterWorld parameter_world(const ParallelSizes& p);

}  // namespace placement::mindie
