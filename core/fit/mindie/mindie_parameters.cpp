// GPUStack's AscendMindIEParameters: the flag table, the defaulting (_default) and the range
// checks (_validate). Flags GPUStack registers but the fit never reads are still listed, because
// their presence decides how neighbouring tokens are read and their values can be errors.
#include "fit/mindie/mindie_parameters.h"

#include "fit/mindie/mindie_argparse.h"
#include "scenario/backend_parameters.h"
#include "scenario/errors.h"

namespace placement::mindie {

namespace {

const std::vector<ArgSpec>& flag_table() {
  using K = ArgKind;
  static const std::vector<ArgSpec> table = {
      {{"--log-level"}, "log_level", K::text, {}, {"Verbose", "Info", "Warning", "Warn", "Error", "Debug"}},
      {{"--max-link-num"}, "max_link_num", K::integer, {}, {}},
      {{"--token-timeout"}, "token_timeout", K::integer, {}, {}},
      {{"--e2e-timeout"}, "e2e_timeout", K::integer, {}, {}},
      {{"--max-seq-len"}, "max_seq_len", K::integer, {}, {}},
      {{"--max-input-token-len"}, "max_input_token_len", K::integer, {}, {}},
      {{"--truncation"}, "truncation", K::boolean_optional, {}, {}},
      {{"--cpu-mem-size"}, "cpu_mem_size", K::integer, {}, {}},
      {{"--npu-memory-fraction"}, "npu_memory_fraction", K::number, {}, {}},
      {{"--trust-remote-code"}, "trust_remote_code", K::store_true, {}, {}},
      {{"--cache-block-size"}, "cache_block_size", K::integer, {}, {}},
      {{"--max-prefill-batch-size"}, "max_prefill_batch_size", K::integer, {}, {}},
      {{"--prefill-time-ms-per-req"}, "prefill_time_ms_per_req", K::integer, {}, {}},
      {{"--prefill-policy-type"}, "prefill_policy_type", K::integer, {0, 1, 2, 3}, {}},
      {{"--max-batch-size"}, "max_batch_size", K::integer, {}, {}},
      {{"--decode-time-ms-per-req"}, "decode_time_ms_per_req", K::integer, {}, {}},
      {{"--decode-policy-type"}, "decode_policy_type", K::integer, {0, 1, 2, 3}, {}},
      {{"--max-preempt-count"}, "max_preempt_count", K::integer, {}, {}},
      {{"--support-select-batch"}, "support_select_batch", K::boolean_optional, {}, {}},
      {{"--max-queue-delay-microseconds"}, "max_queue_delay_microseconds", K::integer, {}, {}},
      {{"--max-prefill-tokens"}, "max_prefill_tokens", K::integer, {}, {}},
      {{"--max-iter-times"}, "max_iter_times", K::integer, {}, {}},
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
      {{"--tensor-parallel-size", "-tp"}, "tensor_parallel_size", K::integer, {}, {}},
      {{"--sequence-parallel-size", "-sp"}, "sequence_parallel_size", K::integer, {}, {}},
      {{"--context-parallel-size", "-cp"}, "context_parallel_size", K::integer, {}, {}},
      {{"--moe-expert-parallel-size", "-moe-ep"}, "moe_expert_parallel_size", K::integer, {}, {}},
      {{"--moe-tensor-parallel-size", "-moe-tp"}, "moe_tensor_parallel_size", K::integer, {}, {}},
      {{"--rope-scaling"}, "rope_scaling", K::text, {}, {}},
      {{"--rope-theta"}, "rope_theta", K::number, {}, {}},
  };
  return table;
}

// Every field _validate looks at, with AscendMindIEParameters' defaults.
struct AllFields {
  long long max_link_num = 1000, token_timeout = 600, e2e_timeout = 600;
  long long max_seq_len = 8192, max_input_token_len = -1;
  long long cpu_mem_size = 0;
  double npu_memory_fraction = 0.8;
  long long cache_block_size = 128, max_prefill_batch_size = 50, prefill_time_ms_per_req = 150;
  long long max_batch_size = 200, decode_time_ms_per_req = 50, max_preempt_count = 0;
  long long max_queue_delay_microseconds = 5000;
  long long max_prefill_tokens = -1, max_iter_times = -1;
  std::optional<std::string> override_generation_config, rope_scaling;
  bool enable_memory_decoding = false, enable_lookahead = false, enable_buffer_response = false;
  bool enable_split = false, enable_multi_token_prediction = false, enable_prefix_caching = false;
  long long memory_decoding_length = 16, lookahead_level = 4, lookahead_window = 5, lookahead_guess_set_size = 5;
  std::optional<long long> prefill_expected_time_ms, decode_expected_time_ms;
  long long split_chunk_tokens = 512, split_start_batch_size = 16, multi_token_prediction_tokens = 1;
  ParallelSizes parallel;
};

void apply(AllFields& f, const ParsedArgs& a) {
  auto integer = [&](const char* dest, long long& field) {
    if (const ArgValue* v = a.find(dest)) field = v->integer;
  };
  auto flag = [&](const char* dest, bool& field) {
    if (const ArgValue* v = a.find(dest)) field = v->flag;
  };
  integer("max_link_num", f.max_link_num);
  integer("token_timeout", f.token_timeout);
  integer("e2e_timeout", f.e2e_timeout);
  integer("max_seq_len", f.max_seq_len);
  integer("max_input_token_len", f.max_input_token_len);
  integer("cpu_mem_size", f.cpu_mem_size);
  if (const ArgValue* v = a.find("npu_memory_fraction")) f.npu_memory_fraction = v->number;
  integer("cache_block_size", f.cache_block_size);
  integer("max_prefill_batch_size", f.max_prefill_batch_size);
  integer("prefill_time_ms_per_req", f.prefill_time_ms_per_req);
  integer("max_batch_size", f.max_batch_size);
  integer("decode_time_ms_per_req", f.decode_time_ms_per_req);
  integer("max_preempt_count", f.max_preempt_count);
  integer("max_queue_delay_microseconds", f.max_queue_delay_microseconds);
  integer("max_prefill_tokens", f.max_prefill_tokens);
  integer("max_iter_times", f.max_iter_times);
  if (const ArgValue* v = a.find("override_generation_config")) f.override_generation_config = v->raw;
  if (const ArgValue* v = a.find("rope_scaling")) f.rope_scaling = v->raw;
  flag("enable_memory_decoding", f.enable_memory_decoding);
  flag("enable_lookahead", f.enable_lookahead);
  flag("enable_buffer_response", f.enable_buffer_response);
  flag("enable_split", f.enable_split);
  flag("enable_multi_token_prediction", f.enable_multi_token_prediction);
  flag("enable_prefix_caching", f.enable_prefix_caching);
  integer("memory_decoding_length", f.memory_decoding_length);
  integer("lookahead_level", f.lookahead_level);
  integer("lookahead_window", f.lookahead_window);
  integer("lookahead_guess_set_size", f.lookahead_guess_set_size);
  if (const ArgValue* v = a.find("prefill_expected_time_ms")) f.prefill_expected_time_ms = v->integer;
  if (const ArgValue* v = a.find("decode_expected_time_ms")) f.decode_expected_time_ms = v->integer;
  integer("split_chunk_tokens", f.split_chunk_tokens);
  integer("split_start_batch_size", f.split_start_batch_size);
  integer("multi_token_prediction_tokens", f.multi_token_prediction_tokens);
  integer("pipeline_parallel_size", f.parallel.pp);
  integer("data_parallel_size", f.parallel.dp);
  integer("tensor_parallel_size", f.parallel.tp);
  integer("sequence_parallel_size", f.parallel.sp);
  integer("context_parallel_size", f.parallel.cp);
  integer("moe_expert_parallel_size", f.parallel.moe_ep);
  integer("moe_tensor_parallel_size", f.parallel.moe_tp);
}

// _default: world and local sizes follow from whichever parallelism is switched on.
void derive_parallel(ParallelSizes& p) {
  if (p.pp > 1) {
    if (p.tp < 0) p.tp = 1;
    p.local = p.tp;
    p.world = p.pp * p.tp;
    return;
  }
  p.world = p.tp;
  if (p.dp > 1 || p.cp > 1) {
    const long long groups = p.dp > 1 ? p.dp : p.cp;
    if (p.tp < 0) p.tp = 1;
    if (p.local < 0) p.local = p.tp;
    p.world = groups * p.tp;
  }
  if (p.moe_ep > 1) {
    if (p.moe_tp < 0) p.moe_tp = 1;
    if (p.tp < 0) p.tp = p.moe_tp;
    if (p.local < 0) p.local = p.tp;
    p.world = p.moe_ep * p.moe_tp;
  } else if (p.moe_tp < 0) {
    p.moe_tp = p.world;
  }
}

[[noreturn]] void fail(const std::string& stage, const std::string& flag, const std::string& message) {
  throw ReferenceError(stage, "Failed to parse serve parameters: " + message, Json{{"flag", flag}, {"message", message}});
}

bool power_of_two(long long v) { return (v & (v - 1)) == 0; }

bool valid_json(const std::string& text) { return Json::accept(text); }

std::string s(long long v) { return std::to_string(v); }

// _validate, in GPUStack's order: the first failing check is the one reported.
void validate(const AllFields& f, const std::string& st) {
  if (!(1 <= f.max_link_num && f.max_link_num <= 1000)) fail(st, "--max-link-num", "--max-link-num must be in the range [1, 1000]");
  if (!(1 <= f.token_timeout && f.token_timeout <= 3600)) fail(st, "--token-timeout", "--token-timeout must be in the range [1, 3600]");
  if (!(1 <= f.e2e_timeout && f.e2e_timeout <= 3600)) fail(st, "--e2e-timeout", "--e2e-timeout must be in the range [1, 3600]");
  if (f.max_seq_len <= 0) fail(st, "--max-seq-len", "--max-seq-len must be greater than 0");
  if (!(0 < f.max_input_token_len && f.max_input_token_len <= f.max_seq_len))
    fail(st, "--max-input-token-len", "--max-input-token-len must be in the range (0, --max-seq-len]");
  if (f.cpu_mem_size < 0) fail(st, "--cpu-mem-size", "--cpu-mem-size must be greater than or equal to 0");
  if (!(0 < f.npu_memory_fraction && f.npu_memory_fraction <= 1))
    fail(st, "--npu-memory-fraction", "--npu-memory-fraction must be in the range (0, 1]");
  if (!power_of_two(f.cache_block_size)) fail(st, "--cache-block-size", "--cache-block-size must be powers of 2");
  if (!(1 <= f.max_prefill_batch_size && f.max_prefill_batch_size <= f.max_batch_size))
    fail(st, "--max-prefill-batch-size", "--max-prefill-batch-size must be in the range [1, --max-batch-size]");
  if (!(0 <= f.prefill_time_ms_per_req && f.prefill_time_ms_per_req <= 1000))
    fail(st, "--prefill-time-ms-per-req", "--prefill-time-ms-per-req must be in the range [0, 1000]");
  if (!(1 <= f.max_batch_size && f.max_batch_size <= 5000)) fail(st, "--max-batch-size", "--max-batch-size must be in the range [1, 5000]");
  if (!(0 <= f.decode_time_ms_per_req && f.decode_time_ms_per_req <= 1000))
    fail(st, "--decode-time-ms-per-req", "--decode-time-ms-per-req must be in the range [0, 1000]");
  if (!(0 <= f.max_preempt_count && f.max_preempt_count <= f.max_batch_size))
    fail(st, "--max-preempt-count", "--max-preempt-count must be in the range [0, --max-batch-size]");
  if (!(500 <= f.max_queue_delay_microseconds && f.max_queue_delay_microseconds <= 1000000))
    fail(st, "--max-queue-delay-microseconds", "--max-queue-delay-microseconds must be in the range [500, 1000000]");
  if (f.override_generation_config && !f.override_generation_config->empty() && !valid_json(*f.override_generation_config))
    fail(st, "--override-generation-config",
         "--override-generation-config must be a valid JSON string: " + *f.override_generation_config);
  // GPUStack prints the (still empty) parsed value here, hence "None".
  if (f.rope_scaling && !f.rope_scaling->empty() && !valid_json(*f.rope_scaling))
    fail(st, "--rope-scaling", "--rope-scaling must be a valid JSON string: None");
  if (f.enable_split) {
    if (!(512 <= f.split_chunk_tokens && f.split_chunk_tokens <= f.max_input_token_len))
      fail(st, "--split-chunk-tokens", "--split-chunk-tokens must be in the range [512, --max-input-token-len]");
    if (!(0 <= f.split_start_batch_size && f.split_start_batch_size <= f.max_batch_size))
      fail(st, "--split-start-batch-size", "--split-start-batch-size must be in the range [0, --max-batch-size]");
  }
  const ParallelSizes& p = f.parallel;
  const long long pp = p.pp, tp = p.tp, dp = p.dp, sp = p.sp, cp = p.cp, moe_tp = p.moe_tp, moe_ep = p.moe_ep;
  const long long ws = p.world, local = p.local;
  if (pp <= 0) fail(st, "--pipeline-parallel-size", "--pipeline-parallel-size must be greater than 0");
  if (tp > 0 && !power_of_two(tp)) fail(st, "--tensor-parallel-size", "--tensor-parallel-size must be the power of 2");
  if (dp > 0 && !power_of_two(dp)) fail(st, "--data-parallel-size", "--data-parallel-size must be the power of 2");
  if (sp > 0 && !power_of_two(sp)) fail(st, "--sequence-parallel-size", "--sequence-parallel-size must be the power of 2");
  if (cp > 0 && !power_of_two(cp)) fail(st, "--context-parallel-size", "--context-parallel-size must be the power of 2");
  if (moe_tp > 0 && !power_of_two(moe_tp))
    fail(st, "--moe-tensor-parallel-size", "--moe-tensor-parallel-size must be the power of 2");
  if (moe_ep > 0 && !power_of_two(moe_ep))
    fail(st, "--moe-expert-parallel-size", "--moe-expert-parallel-size must be the power of 2");
  if (pp != 1 && dp != -1)
    fail(st, "--pipeline-parallel-size",
         "--pipeline-parallel-size " + s(pp) + " and --data-parallel-size " + s(dp) +
             " cannot be set at the same time, which means enabling both pipeline and data parallelism.");
  if (pp > 1) {
    if (0 < ws && ws != pp * tp)
      fail(st, "--pipeline-parallel-size",
           "--pipeline-parallel-size " + s(pp) + " and --tensor-parallel-size " + s(tp) + " must be multiples of world size: " + s(ws));
  } else {
    if (0 < local && local < tp && 0 < ws && ws != tp)
      fail(st, "--tensor-parallel-size",
           "--tensor-parallel-size " + s(tp) + " must be less or equal to local world size: " + s(local) +
               " or equal to world size: " + s(ws));
    if (dp > 1 && 0 < ws && ws != dp * tp)
      fail(st, "--data-parallel-size",
           "--data-parallel-size " + s(dp) + " and --tensor-parallel-size " + s(tp) + " must be multiples of world size: " + s(ws));
    if (moe_ep > 1) {
      if (0 < local && local < moe_tp && 0 < ws && ws != moe_tp)
        fail(st, "--moe-tensor-parallel-size",
             "--moe-tensor-parallel-size " + s(moe_tp) + " must be less or equal to local world size: " + s(local) +
                 " or equal to world size: " + s(ws));
      if (0 < ws && ws != moe_ep * moe_tp)
        fail(st, "--moe-expert-parallel-size",
             "--moe-expert-parallel-size " + s(moe_ep) + "and --moe-tensor-parallel-size " + s(moe_tp) +
                 " must be multiples of world size: " + s(ws));
    } else if (0 < ws && ws != moe_tp) {
      fail(st, "--moe-tensor-parallel-size", "--moe-tensor-parallel-size " + s(moe_tp) + " must be equal to world size: " + s(ws));
    }
    if (sp > 1 && sp != tp)
      fail(st, "--sequence-parallel-size", "--sequence-parallel-size " + s(sp) + " must be equal to --tensor-parallel-size " + s(tp));
  }
  if (f.enable_memory_decoding && !(1 <= f.memory_decoding_length && f.memory_decoding_length <= 16))
    fail(st, "--memory-decoding-length", "--memory-decoding-length must be in the range [1, 16]");
  if (f.enable_lookahead) {
    if (!(3 <= f.lookahead_level && f.lookahead_level <= 16)) fail(st, "--lookahead-level", "--lookahead-level must be in the range [3, 16]");
    if (!(1 <= f.lookahead_window && f.lookahead_window <= 16)) fail(st, "--lookahead-window", "--lookahead-window must be in the range [1, 16]");
    if (!(1 <= f.lookahead_guess_set_size && f.lookahead_guess_set_size <= 16))
      fail(st, "--lookahead-guess-set-size", "--lookahead-guess-set-size must be in the range [1, 16]");
  }
  if (f.enable_multi_token_prediction && f.multi_token_prediction_tokens <= 0)
    fail(st, "--multi-token-prediction-tokens", "--multi-token-prediction-tokens must be greater than 0");
  if (f.enable_buffer_response) {
    if (!f.prefill_expected_time_ms)
      fail(st, "--prefill-expected-time-ms", "--prefill-expected-time-ms is required when --enable-buffer-response is enabled");
    if (*f.prefill_expected_time_ms <= 0) fail(st, "--prefill-expected-time-ms", "--prefill-expected-time-ms must be greater than 0");
    if (!f.decode_expected_time_ms)
      fail(st, "--decode-expected-time-ms", "--decode-expected-time-ms is required when --enable-buffer-response is enabled");
    if (*f.decode_expected_time_ms <= 0) fail(st, "--decode-expected-time-ms", "--decode-expected-time-ms must be greater than 0");
  }
  const bool rope = f.rope_scaling && !f.rope_scaling->empty();
  if (f.enable_split) {
    if (f.enable_memory_decoding || f.enable_lookahead)
      fail(st, "--enable-split", "--enable-memory-decoding and --enable-lookahead are not supported when --enable-split is enabled");
    if (rope) fail(st, "--rope-scaling", "--rope-scaling is not supported when --enable-split is enabled");
  }
  if (f.enable_memory_decoding) {
    if (f.enable_lookahead) fail(st, "--enable-lookahead", "--enable-lookahead is not supported when --enable-memory-decoding is enabled");
    if (rope) fail(st, "--rope-scaling", "--rope-scaling is not supported when --enable-memory-decoding is enabled");
  } else if (f.enable_lookahead && rope) {
    fail(st, "--rope-scaling", "--rope-scaling is not supported when --enable-lookahead is enabled");
  }
  if (f.enable_multi_token_prediction) {
    if (f.enable_memory_decoding || f.enable_lookahead)
      fail(st, "--enable-multi-token-prediction",
           "--enable-memory-decoding and --enable-lookahead are not supported when --enable-multi-token-prediction is enabled");
    if (f.enable_split)
      fail(st, "--enable-split", "--enable-split is not supported when --enable-multi-token-prediction is enabled");
    if (rope) fail(st, "--rope-scaling", "--rope-scaling is not supported when --enable-multi-token-prediction is enabled");
  }
  if (f.enable_prefix_caching && rope)
    fail(st, "--rope-scaling", "--rope-scaling is not supported when --enable-prefix-caching is enabled");
  if (dp > 1) {
    if (f.enable_memory_decoding || f.enable_lookahead)
      fail(st, "--data-parallel-size",
           "--enable-memory-decoding and --enable-lookahead are not supported when --data-parallel-size > 1");
    if (f.enable_split) fail(st, "--data-parallel-size", "--enable-split is not supported when --data-parallel-size > 1");
    if (f.enable_prefix_caching)
      fail(st, "--data-parallel-size", "--enable-prefix-caching is not supported when --data-parallel-size > 1");
  }
}

}  // namespace

ServingParameters parse_serving_parameters(const std::vector<std::string>& argv, const StringMap& env,
                                           long long derived_max_seq_len, const std::string& stage) {
  AllFields f;
  f.max_seq_len = derived_max_seq_len;
  ServingParameters out;
  ParsedArgs parsed;
  try {
    parsed = parse_known_args(flag_table(), argv);
  } catch (const ArgparseError& e) {
    fail(stage, e.flag(), e.what());
  }
  apply(f, parsed);
  out.ignored = parsed.ignored;
  out.max_seq_len_given = parsed.find("max_seq_len") != nullptr;
  if (parsed.find("npu_memory_fraction")) out.fraction_source = "parameter";
  // The environment only speaks when no parameters are given at all.
  if (argv.empty()) {
    if (const std::string* v = find_value(env, "NPU_MEMORY_FRACTION")) {
      auto d = python_float(*v);
      if (!d) fail(stage, "NPU_MEMORY_FRACTION", "could not convert string to float: '" + *v + "'");
      f.npu_memory_fraction = *d;
      out.fraction_source = "env";
    }
  }

  // _default
  if (f.max_input_token_len <= 0) f.max_input_token_len = f.max_seq_len;
  if (f.max_prefill_tokens <= 0) f.max_prefill_tokens = f.max_seq_len;
  if (f.max_iter_times <= 0) f.max_iter_times = f.max_seq_len;
  out.cpu_mem_size_requested = f.cpu_mem_size;
  if (f.max_preempt_count == 0 && f.cpu_mem_size > 0) {  // Q27
    f.cpu_mem_size = 0;
    out.cpu_mem_size_dropped = true;
  }
  derive_parallel(f.parallel);

  validate(f, stage);

  out.npu_memory_fraction = f.npu_memory_fraction;
  out.max_seq_len = f.max_seq_len;
  out.max_input_token_len = f.max_input_token_len;
  out.cpu_mem_size = f.cpu_mem_size;
  out.cache_block_size = f.cache_block_size;
  out.max_batch_size = f.max_batch_size;
  out.max_prefill_batch_size = f.max_prefill_batch_size;
  out.max_preempt_count = f.max_preempt_count;
  out.max_prefill_tokens = f.max_prefill_tokens;
  out.max_iter_times = f.max_iter_times;
  out.parallel = f.parallel;
  return out;
}

ParameterWorld parameter_world(const ParallelSizes& p) {
  ParameterWorld w;
  auto add = [&](bool on, const char* label) {
    if (on) w.labels += (w.labels.empty() ? "" : "/") + std::string(label);
  };
  add(p.pp > 1, "pp");
  add(p.tp > 0, "tp");
  add(p.dp > 0, "dp");
  add(p.cp > 0, "cp");
  add(p.sp > 0, "sp");
  add(p.moe_tp > 0, "moe_tp");
  add(p.moe_ep > 0, "moe_ep");
  if (!w.labels.empty() && p.world > 0) w.world = p.world;
  return w;
}

Json parameters_to_json(const ServingParameters& p) {
  const ParallelSizes& s = p.parallel;
  return Json{{"npu_memory_fraction", p.npu_memory_fraction},
              {"npu_memory_fraction_source", p.fraction_source},
              {"max_seq_len", p.max_seq_len},
              {"max_seq_len_given", p.max_seq_len_given},
              {"max_batch_size", p.max_batch_size},
              {"cache_block_size", p.cache_block_size},
              {"max_prefill_tokens", p.max_prefill_tokens},
              {"max_iter_times", p.max_iter_times},
              {"cpu_mem_size", p.cpu_mem_size},
              {"cpu_mem_size_requested", p.cpu_mem_size_requested},
              {"max_preempt_count", p.max_preempt_count},
              {"parallel",
               {{"pp", s.pp}, {"tp", s.tp}, {"dp", s.dp}, {"cp", s.cp}, {"sp", s.sp}, {"moe_tp", s.moe_tp}, {"moe_ep", s.moe_ep},
                {"world", s.world}, {"local", s.local}}},
              {"ignored_tokens", p.ignored}};
}

}  // namespace placement::mindie
