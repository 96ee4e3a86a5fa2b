// The flags AscendMindIEParameters.from_args_and_envs registers, flag by flag as GPUStack 47277d79
// adds them. Flags the fit never reads are listed too: their presence decides how neighbouring
// tokens are read, and their values can be errors (a bad int, a choice outside the list).
#include "fit/mindie/mindie_fields.h"

namespace placement::mindie {

const std::vector<ArgSpec>& mindie_flag_table() {
  using K = ArgKind;
  static const std::vector<ArgSpec> table = {
      {{"--log-level"}, "log_level", K::text, {}, {"Verbose", "Info", "Warning", "Warn", "Error", "Debug"}},
      {{"--max-link-num"}, "max_link_num", K::integer, {}, {}},
      {{"--token-timeout"}, "token_timeout", K::integer, {}, {}},
      {{"--e2e-timeout"}, "e2e_timeout", K::integer, {}, {}},
      {{"--openai-support"}, "openai_support", K::text, {}, {}},
      {{"--kv-pool-config"}, "kv_pool_config", K::text, {}, {}},
      {{"--max-seq-len"}, "max_seq_len", K::integer, {}, {}},
      {{"--max-input-token-len"}, "max_input_token_len", K::integer, {}, {}},
      {{"--truncation"}, "truncation", K::boolean_optional, {}, {}},
      {{"--cpu-mem-size"}, "cpu_mem_size", K::integer, {}, {}},
      {{"--npu-memory-fraction"}, "npu_memory_fraction", K::number, {}, {}},
      {{"--trust-remote-code"}, "trust_remote_code", K::store_true, {}, {}},
      {{"--models"}, "models", K::text, {}, {}},
      {{"--async-scheduler-wait-time"}, "async_scheduler_wait_time", K::integer, {}, {}},
      {{"--cache-block-size"}, "cache_block_size", K::integer, {}, {}},
      {{"--max-prefill-batch-size"}, "max_prefill_batch_size", K::integer, {}, {}},
      {{"--max-prefill-tokens"}, "max_prefill_tokens", K::integer, {}, {}},
      {{"--prefill-time-ms-per-req"}, "prefill_time_ms_per_req", K::integer, {}, {}},
      {{"--prefill-policy-type"}, "prefill_policy_type", K::integer, {0, 1, 2, 3}, {}},
      {{"--max-batch-size"}, "max_batch_size", K::integer, {}, {}},
      {{"--max-iter-times"}, "max_iter_times", K::integer, {}, {}},
      {{"--decode-time-ms-per-req"}, "decode_time_ms_per_req", K::integer, {}, {}},
      {{"--decode-policy-type"}, "decode_policy_type", K::integer, {0, 1, 2, 3}, {}},
      {{"--max-preempt-count"}, "max_preempt_count", K::integer, {}, {}},
      {{"--support-select-batch"}, "support_select_batch", K::boolean_optional, {}, {}},
      {{"--max-queue-delay-microseconds"}, "max_queue_delay_microseconds", K::integer, {}, {}},
      {{"--max-first-token-wait-time"}, "max_first_token_wait_time", K::integer, {}, {}},
      {{"--override-generation-config"}, "override_generation_config", K::text, {}, {}},
      {{"--enable-memory-decoding"}, "enable_memory_decoding", K::boolean_optional, {}, {}},
      {{"--memory-decoding-length"}, "memory_decoding_length", K::integer, {}, {}},
      {{"--memory-decoding-dynamic-algo"}, "memory_decoding_dynamic_algo", K::store_true, {}, {}},
      {{"--enable-lookahead"}, "enable_lookahead", K::boolean_optional, {}, {}},
      {{"--lookahead-level"}, "lookahead_level", K::integer, {}, {}},
      {{"--lookahead-window"}, "lookahead_window", K::integer, {}, {}},
      {{"--lookahead-guess-set-size"}, "lookahead_guess_set_size", K::integer, {}, {}},
      {{"--enable-buffer-response"}, "enable_buffer_response", K::boolean_optional, {}, {}},
      {{"--prefill-expected-time-ms"}, "prefill_expected_time_ms", K::integer, {}, {}},
      {{"--decode-expected-time-ms"}, "decode_expected_time_ms", K::integer, {}, {}},
      {{"--enable-split"}, "enable_split", K::boolean_optional, {}, {}},
      {{"--policy-type"}, "policy_type", K::integer, {0, 4, 5, 6, 7}, {}},
      {{"--split-chunk-tokens"}, "split_chunk_tokens", K::integer, {}, {}},
      {{"--split-start-batch-size"}, "split_start_batch_size", K::integer, {}, {}},
      {{"--enable-multi-token-prediction"}, "enable_multi_token_prediction", K::boolean_optional, {}, {}},
      {{"--multi-token-prediction-tokens"}, "multi_token_prediction_tokens", K::integer, {}, {}},
      {{"--enable-prefix-caching"}, "enable_prefix_caching", K::boolean_optional, {}, {}},
      {{"--no-metrics"}, "no_metrics", K::store_true, {}, {}},
      {{"--enforce-eager"}, "enforce_eager", K::store_true, {}, {}},
      {{"--dtype"}, "dtype", K::text, {}, {"auto", "half", "float16", "bfloat16", "float", "float32"}},
      {{"--pipeline-parallel-size", "-pp"}, "pipeline_parallel_size", K::integer, {}, {}},
      {{"--data-parallel-size", "-dp"}, "data_parallel_size", K::integer, {}, {}},
      {{"--context-parallel-size", "-cp"}, "context_parallel_size", K::integer, {}, {}},
      {{"--tensor-parallel-size", "-tp"}, "tensor_parallel_size", K::integer, {}, {}},
      {{"--sequence-parallel-size", "-sp"}, "sequence_parallel_size", K::integer, {}, {}},
      {{"--moe-expert-parallel-size", "-moe-ep"}, "moe_expert_parallel_size", K::integer, {}, {}},
      {{"--moe-tensor-parallel-size", "-moe-tp"}, "moe_tensor_parallel_size", K::integer, {}, {}},
      {{"--rope-scaling"}, "rope_scaling", K::text, {}, {}},
      {{"--rope-theta"}, "rope_theta", K::number, {}, {}},
      {{"--max-loras"}, "max_loras", K::integer, {}, {}},
      {{"--max-lora-rank"}, "max_lora_rank", K::integer, {}, {}},
  };
  return table;
}

void read_fields(MindieFields& f, const ParsedArgs& a) {
  auto integer = [&](const char* dest, long long& field) {
    if (const ArgValue* v = a.find(dest)) field = v->integer;
  };
  auto optional_integer = [&](const char* dest, std::optional<long long>& field) {
    if (const ArgValue* v = a.find(dest)) field = v->integer;
  };
  auto flag = [&](const char* dest, bool& field) {
    if (const ArgValue* v = a.find(dest)) field = v->flag;
  };
  auto text = [&](const char* dest, std::optional<std::string>& field) {
    if (const ArgValue* v = a.find(dest)) field = v->raw;
  };
  integer("max_link_num", f.max_link_num);
  integer("token_timeout", f.token_timeout);
  integer("e2e_timeout", f.e2e_timeout);
  if (const ArgValue* v = a.find("openai_support")) f.openai_support = v->raw;
  text("kv_pool_config", f.kv_pool_config);
  integer("max_seq_len", f.max_seq_len);
  integer("max_input_token_len", f.max_input_token_len);
  integer("cpu_mem_size", f.cpu_mem_size);
  if (const ArgValue* v = a.find("npu_memory_fraction")) f.npu_memory_fraction = v->number;
  text("models", f.models);
  integer("async_scheduler_wait_time", f.async_scheduler_wait_time);
  integer("cache_block_size", f.cache_block_size);
  integer("max_prefill_batch_size", f.max_prefill_batch_size);
  integer("max_prefill_tokens", f.max_prefill_tokens);
  integer("prefill_time_ms_per_req", f.prefill_time_ms_per_req);
  integer("max_batch_size", f.max_batch_size);
  integer("max_iter_times", f.max_iter_times);
  integer("decode_time_ms_per_req", f.decode_time_ms_per_req);
  integer("max_preempt_count", f.max_preempt_count);
  integer("max_queue_delay_microseconds", f.max_queue_delay_microseconds);
  integer("max_first_token_wait_time", f.max_first_token_wait_time);
  text("override_generation_config", f.override_generation_config);
  flag("enable_memory_decoding", f.enable_memory_decoding);
  integer("memory_decoding_length", f.memory_decoding_length);
  flag("enable_lookahead", f.enable_lookahead);
  integer("lookahead_level", f.lookahead_level);
  integer("lookahead_window", f.lookahead_window);
  integer("lookahead_guess_set_size", f.lookahead_guess_set_size);
  flag("enable_buffer_response", f.enable_buffer_response);
  optional_integer("prefill_expected_time_ms", f.prefill_expected_time_ms);
  optional_integer("decode_expected_time_ms", f.decode_expected_time_ms);
  flag("enable_split", f.enable_split);
  integer("split_chunk_tokens", f.split_chunk_tokens);
  integer("split_start_batch_size", f.split_start_batch_size);
  flag("enable_multi_token_prediction", f.enable_multi_token_prediction);
  integer("multi_token_prediction_tokens", f.multi_token_prediction_tokens);
  flag("enable_prefix_caching", f.enable_prefix_caching);
  integer("pipeline_parallel_size", f.parallel.pp);
  integer("data_parallel_size", f.parallel.dp);
  integer("context_parallel_size", f.parallel.cp);
  integer("tensor_parallel_size", f.parallel.tp);
  integer("sequence_parallel_size", f.parallel.sp);
  integer("moe_expert_parallel_size", f.parallel.moe_ep);
  integer("moe_tensor_parallel_size", f.parallel.moe_tp);
  text("rope_scaling", f.rope_scaling);
}

}  // namespace placement::mindie
