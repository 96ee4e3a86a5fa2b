// GPUStack's AscendMindIEParameters (worker/backends/ascend_mindie.py) in three steps: the flag
// table its argparse parser registers and the fields it fills (mindie_flags.cpp), the defaulting
// (_default, mindie_parameters.cpp) and the checks (_validate, mindie_checks.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fit/mindie/mindie_argparse.h"
#include "fit/mindie/mindie_parameters.h"
#include "scenario/types.h"

namespace placement::mindie {

// Every field _default or _validate reads, with the dataclass defaults. Flags GPUStack registers
// but never checks (--log-level, --dtype, --max-loras, ...) only live in the flag table.
struct MindieFields {
  long long max_link_num = 1000, token_timeout = 600, e2e_timeout = 600;
  std::string openai_support = "vllm";
  std::optional<std::string> kv_pool_config, models, override_generation_config, rope_scaling;
  long long max_seq_len = 8192, max_input_token_len = -1;
  long long cpu_mem_size = 0;
  double npu_memory_fraction = 0.8;
  long long async_scheduler_wait_time = 120;
  long long cache_block_size = 128, max_prefill_batch_size = 50, max_prefill_tokens = -1, prefill_time_ms_per_req = 150;
  long long max_batch_size = 200, max_iter_times = -1, decode_time_ms_per_req = 50, max_preempt_count = 0;
  long long max_queue_delay_microseconds = 5000, max_first_token_wait_time = 2500;
  bool enable_split = false, enable_memory_decoding = false, enable_lookahead = false;
  bool enable_multi_token_prediction = false, enable_prefix_caching = false, enable_buffer_response = false;
  long long split_chunk_tokens = 512, split_start_batch_size = 16;
  long long memory_decoding_length = 16, lookahead_level = 4, lookahead_window = 5, lookahead_guess_set_size = 5;
  long long multi_token_prediction_tokens = 1;
  std::optional<long long> prefill_expected_time_ms, decode_expected_time_ms;
  ParallelSizes parallel;
};

// The flags in GPUStack's registration order (the order argparse lists ambiguous matches in).
const std::vector<ArgSpec>& mindie_flag_table();
// setattr for every flag the parser saw (GPUStack skips the ones argparse left at None).
void read_fields(MindieFields& f, const ParsedArgs& parsed);
// GPUStack refuses the parameters: a ParameterRefusal(stage) whose values name the flag, the value
// and the rule, with GPUStack's message (selector.cpp adds GPUStack's model-name wrapper).
[[noreturn]] void refuse_parameter(const std::string& stage, const std::string& flag, DataValue value, const std::string& rule,
                                   const std::string& message);
// _validate, in GPUStack's order: throws ReferenceError(stage) for the first check that fails,
// its values naming the flag, the value and the rule.
void validate_fields(const MindieFields& f, const std::string& stage);

}  // namespace placement::mindie
