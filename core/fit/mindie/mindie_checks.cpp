// AscendMindIEParameters._validate (GPUStack 47277d79), check by check and in its order: the first
// check that fails is the one GPUStack reports. Messages are GPUStack's, byte for byte.
#include <cmath>

#include "fit/mindie/mindie_fields.h"
#include "scenario/errors.h"
#include "scenario/python_text.h"

namespace placement::mindie {

namespace {

// Python's `v & (v - 1) != 0` on two's complement bits (no signed overflow at the ends).
bool pow2_bits(long long v) {
  const auto u = static_cast<unsigned long long>(v);
  return (u & (u - 1)) == 0;
}

class Checks {
 public:
  Checks(const MindieFields& f, const std::string& stage) : f_(f), stage_(stage) {}
  void run() {
    server_and_model();
    schedule();
    features();
    parallelism();
    speculation_and_buffer();
    compatibility();
  }

 private:
  const MindieFields& f_;
  const std::string& stage_;

  [[noreturn]] void refuse(const std::string& flag, DataValue value, const std::string& rule, const std::string& message) const {
    refuse_parameter(stage_, flag, std::move(value), rule, message);
  }
  // lo <= v <= hi, or refused as "FLAG must be in the range [LO_TEXT, HI_TEXT]".
  void range(const std::string& flag, long long v, long long lo, long long hi, const std::string& bounds) const {
    if (!(lo <= v && v <= hi)) refuse(flag, v, "range " + bounds, flag + " must be in the range " + bounds);
  }
  // json.loads(text) when the text is non-empty (GPUStack tests its truthiness first).
  void json(const std::string& flag, const std::optional<std::string>& text) const {
    if (text && !text->empty() && !python_json_loads_accepts(*text))
      refuse(flag, *text, "json", flag + " must be a valid JSON string: " + *text);
  }

  void server_and_model() const {
    range("--max-link-num", f_.max_link_num, 1, 1000, "[1, 1000]");
    range("--token-timeout", f_.token_timeout, 1, 3600, "[1, 3600]");
    range("--e2e-timeout", f_.e2e_timeout, 1, 3600, "[1, 3600]");
    if (f_.openai_support.empty()) refuse("--openai-support", f_.openai_support, "non_empty", "--openai-support cannot be empty");
    json("--kv-pool-config", f_.kv_pool_config);
    if (f_.max_seq_len <= 0) refuse("--max-seq-len", f_.max_seq_len, "greater than 0", "--max-seq-len must be greater than 0");
    if (!(0 < f_.max_input_token_len && f_.max_input_token_len <= f_.max_seq_len))
      refuse("--max-input-token-len", f_.max_input_token_len, "range (0, --max-seq-len]",
             "--max-input-token-len must be in the range (0, --max-seq-len]");
    if (f_.cpu_mem_size < 0)
      refuse("--cpu-mem-size", f_.cpu_mem_size, "at least 0", "--cpu-mem-size must be greater than or equal to 0");
    if (!(0 < f_.npu_memory_fraction && f_.npu_memory_fraction <= 1))  // NaN fails too, as in Python
      refuse("--npu-memory-fraction", std::isnan(f_.npu_memory_fraction) ? DataValue("nan") : DataValue(f_.npu_memory_fraction),
             "range (0, 1]", "--npu-memory-fraction must be in the range (0, 1]");
    json("--models", f_.models);
    range("--async-scheduler-wait-time", f_.async_scheduler_wait_time, 1, 3600, "[1, 3600]");
  }

  void schedule() const {
    const long long block = f_.cache_block_size;
    if (!pow2_bits(block)) refuse("--cache-block-size", block, "power of 2", "--cache-block-size must be powers of 2");
    range("--max-prefill-batch-size", f_.max_prefill_batch_size, 1, f_.max_batch_size, "[1, --max-batch-size]");
    range("--prefill-time-ms-per-req", f_.prefill_time_ms_per_req, 0, 1000, "[0, 1000]");
    range("--max-batch-size", f_.max_batch_size, 1, 5000, "[1, 5000]");
    range("--max-prefill-tokens", f_.max_prefill_tokens, f_.max_input_token_len, f_.max_seq_len, "[--max-input-token-len, --max-seq-len]");
    range("--max-iter-times", f_.max_iter_times, 1, f_.max_seq_len, "[1, --max-seq-len]");
    range("--decode-time-ms-per-req", f_.decode_time_ms_per_req, 0, 1000, "[0, 1000]");
    range("--max-preempt-count", f_.max_preempt_count, 0, f_.max_batch_size, "[0, --max-batch-size]");
    range("--max-queue-delay-microseconds", f_.max_queue_delay_microseconds, 500, 1000000, "[500, 1000000]");
    range("--max-first-token-wait-time", f_.max_first_token_wait_time, 0, 3600000, "[0, 3600000]");
  }

  void features() const {
    json("--override-generation-config", f_.override_generation_config);
    json("--rope-scaling", f_.rope_scaling);
    if (f_.enable_split) {
      range("--split-chunk-tokens", f_.split_chunk_tokens, 1, 8192, "[1, 8192]");
      if (f_.split_chunk_tokens % 16 != 0)
        refuse("--split-chunk-tokens", f_.split_chunk_tokens, "multiple of 16", "--split-chunk-tokens must be the multiple of 16");
      range("--split-start-batch-size", f_.split_start_batch_size, 0, f_.max_batch_size, "[0, --max-batch-size]");
    }
  }

  void power_of_two(const std::string& flag, long long v) const {
    if (v > 0 && !pow2_bits(v)) refuse(flag, v, "power of 2", flag + " must be the power of 2");
  }
  // GPUStack's `0 < ws != product`: a set world size must equal the product.
  // Products in 128 bits: values beyond long long arrive clamped, and Python's ints do not wrap.
  void world_product(const std::string& flag, long long value, const std::string& message, __int128 product) const {
    const long long ws = f_.parallel.world;
    if (0 < ws && ws != product) refuse(flag, value, "world size", message + " must be multiples of world size: " + std::to_string(ws));
  }

  void parallelism() const {
    const ParallelSizes& p = f_.parallel;
    auto s = [](long long v) { return std::to_string(v); };
    if (p.pp <= 0) refuse("--pipeline-parallel-size", p.pp, "greater than 0", "--pipeline-parallel-size must be greater than 0");
    power_of_two("--tensor-parallel-size", p.tp);
    power_of_two("--data-parallel-size", p.dp);
    power_of_two("--context-parallel-size", p.cp);
    power_of_two("--sequence-parallel-size", p.sp);
    power_of_two("--moe-tensor-parallel-size", p.moe_tp);
    power_of_two("--moe-expert-parallel-size", p.moe_ep);
    if (p.pp != 1 && p.dp != -1)
      refuse("--pipeline-parallel-size", p.pp, "incompatible",
             "--pipeline-parallel-size " + s(p.pp) + " and --data-parallel-size " + s(p.dp) +
                 " are incompatible, set --pipeline-parallel-size to 1 or disable data parallelism");
    if (p.dp > 1 && p.cp > 1)
      refuse("--data-parallel-size", p.dp, "incompatible",
             "--data-parallel-size " + s(p.dp) + " and --context-parallel-size " + s(p.cp) +
                 " are incompatible, set --data-parallel-size to 1 or disable context parallelism");
    if (p.pp > 1) {
      world_product("--pipeline-parallel-size", p.pp, "--pipeline-parallel-size " + s(p.pp) + " and --tensor-parallel-size " + s(p.tp),
                    static_cast<__int128>(p.pp) * p.tp);
      return;
    }
    const long long ws = p.world, local = p.local;
    if (0 < local && local < p.tp && 0 < ws && ws != p.tp)
      refuse("--tensor-parallel-size", p.tp, "local world size",
             "--tensor-parallel-size " + s(p.tp) + " must be less or equal to local world size: " + s(local) +
                 " or equal to world size: " + s(ws));
    if (p.dp > 1)
      world_product("--data-parallel-size", p.dp, "--data-parallel-size " + s(p.dp) + " and --tensor-parallel-size " + s(p.tp),
                    static_cast<__int128>(p.dp) * p.tp);
    else if (p.cp > 1)
      world_product("--context-parallel-size", p.cp, "--context-parallel-size " + s(p.cp) + " and --tensor-parallel-size " + s(p.tp),
                    static_cast<__int128>(p.cp) * p.tp);
    if (p.moe_ep > 1) {
      if (0 < local && local < p.moe_tp && 0 < ws && ws != p.moe_tp)
        refuse("--moe-tensor-parallel-size", p.moe_tp, "local world size",
               "--moe-tensor-parallel-size " + s(p.moe_tp) + " must be less or equal to local world size: " + s(local) +
                   " or equal to world size: " + s(ws));
      // GPUStack's message runs the first size into "and" (no space): kept.
      world_product("--moe-expert-parallel-size", p.moe_ep,
                    "--moe-expert-parallel-size " + s(p.moe_ep) + "and --moe-tensor-parallel-size " + s(p.moe_tp), static_cast<__int128>(p.moe_ep) * p.moe_tp);
    } else if (0 < ws && ws != p.moe_tp) {
      refuse("--moe-tensor-parallel-size", p.moe_tp, "world size",
             "--moe-tensor-parallel-size " + s(p.moe_tp) + " must be equal to world size: " + s(ws));
    }
    if (p.sp > 1 && p.sp != p.tp)
      refuse("--sequence-parallel-size", p.sp, "equal to tp",
             "--sequence-parallel-size " + s(p.sp) + " must be equal to --tensor-parallel-size " + s(p.tp));
  }

  void speculation_and_buffer() const {
    if (f_.enable_memory_decoding) range("--memory-decoding-length", f_.memory_decoding_length, 1, 16, "[1, 16]");
    if (f_.enable_lookahead) {
      range("--lookahead-level", f_.lookahead_level, 3, 16, "[3, 16]");
      range("--lookahead-window", f_.lookahead_window, 1, 16, "[1, 16]");
      range("--lookahead-guess-set-size", f_.lookahead_guess_set_size, 1, 16, "[1, 16]");
    }
    if (f_.enable_multi_token_prediction && f_.multi_token_prediction_tokens <= 0)
      refuse("--multi-token-prediction-tokens", f_.multi_token_prediction_tokens, "greater than 0",
             "--multi-token-prediction-tokens must be greater than 0");
    if (!f_.enable_buffer_response) return;
    expected_time("--prefill-expected-time-ms", f_.prefill_expected_time_ms);
    expected_time("--decode-expected-time-ms", f_.decode_expected_time_ms);
  }
  void expected_time(const std::string& flag, const std::optional<long long>& v) const {
    if (!v) refuse(flag, nullptr, "required", flag + " is required when --enable-buffer-response is enabled");
    if (*v <= 0) refuse(flag, *v, "greater than 0", flag + " must be greater than 0");
  }

  void compatibility() const {
    const bool rope = f_.rope_scaling && !f_.rope_scaling->empty();
    const bool memdec = f_.enable_memory_decoding, lookahead = f_.enable_lookahead;
    auto not_with = [&](bool bad, const std::string& flag, const std::string& what, const std::string& when) {
      if (bad) refuse(flag, true, "incompatible", what + " not supported when " + when);
    };
    const std::string both = "--enable-memory-decoding and --enable-lookahead are";
    if (f_.enable_split) {
      not_with(memdec || lookahead, "--enable-split", both, "--enable-split is enabled");
      not_with(rope, "--rope-scaling", "--rope-scaling is", "--enable-split is enabled");
    }
    if (memdec) {
      not_with(lookahead, "--enable-lookahead", "--enable-lookahead is", "--enable-memory-decoding is enabled");
      not_with(rope, "--rope-scaling", "--rope-scaling is", "--enable-memory-decoding is enabled");
    } else if (lookahead) {
      not_with(rope, "--rope-scaling", "--rope-scaling is", "--enable-lookahead is enabled");
    }
    if (f_.enable_multi_token_prediction) {
      not_with(memdec || lookahead, "--enable-multi-token-prediction", both, "--enable-multi-token-prediction is enabled");
      not_with(f_.enable_split, "--enable-split", "--enable-split is", "--enable-multi-token-prediction is enabled");
      not_with(rope, "--rope-scaling", "--rope-scaling is", "--enable-multi-token-prediction is enabled");
    }
    if (f_.enable_prefix_caching) not_with(rope, "--rope-scaling", "--rope-scaling is", "--enable-prefix-caching is enabled");
    if (f_.parallel.dp > 1) {
      not_with(memdec || lookahead, "--data-parallel-size", both, "--data-parallel-size > 1");
      not_with(f_.enable_split, "--data-parallel-size", "--enable-split is", "--data-parallel-size > 1");
      not_with(f_.enable_prefix_caching, "--data-parallel-size", "--enable-prefix-caching is", "--data-parallel-size > 1");
    }
  }
};

}  // namespace

void refuse_parameter(const std::string& stage, const std::string& flag, DataValue value, const std::string& rule,
                      const std::string& message) {
  throw ParameterRefusal(stage, "Failed to parse serve parameters: " + message,
                         DataFields{{"flag", flag}, {"value", std::move(value)}, {"rule", rule}, {"message", message}}, message);
}

void validate_fields(const MindieFields& f, const std::string& stage) { Checks(f, stage).run(); }

}  // namespace placement::mindie
