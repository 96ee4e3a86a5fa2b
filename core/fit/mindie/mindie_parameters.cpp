// MindIE's reading of backend_parameters: GPUStack's AscendMindIEParameters.from_args_and_envs
// (parse, then _default, then _validate; mindie_fields.h has the parts).
#include "fit/mindie/mindie_parameters.h"

#include <algorithm>
#include <limits>

#include "fit/mindie/mindie_fields.h"
#include "scenario/python_text.h"

namespace placement::mindie {

namespace {

// Python's ints do not wrap: a product beyond long long (only from clamped inputs) saturates.
long long product(long long a, long long b) {
  const __int128 p = static_cast<__int128>(a) * b;
  if (p > std::numeric_limits<long long>::max()) return std::numeric_limits<long long>::max();
  if (p < std::numeric_limits<long long>::min()) return std::numeric_limits<long long>::min();
  return static_cast<long long>(p);
}

// _default's parallel part. GPUStack's world size is still -1 here (nothing sets it before), so
// only its "infer the world size from other parallel sizes" branch runs.
void derive_parallel(ParallelSizes& p) {
  if (p.pp > 1) {
    if (p.tp < 0) p.tp = 1;
    p.local = p.tp;
    p.world = product(p.pp, p.tp);
    return;
  }
  p.world = p.tp;
  if (p.dp > 1 || p.cp > 1) {
    if (p.tp < 0) p.tp = 1;
    if (p.local < 0) p.local = p.tp;
    p.world = product(p.dp > 1 ? p.dp : p.cp, p.tp);
    if (p.dp <= 1) p.dp = 1;  // context parallelism: GPUStack sets data parallel to 1
  }
  if (p.moe_ep > 1) {
    if (p.moe_tp < 0) p.moe_tp = 1;
    if (p.tp < 0) p.tp = p.moe_tp;
    if (p.local < 0) p.local = p.tp;
    p.world = product(p.moe_ep, p.moe_tp);
  } else if (p.moe_tp < 0) {
    p.moe_tp = p.world;
  }
}

// _default's scalar part.
void apply_defaults(MindieFields& f) {
  if (f.max_input_token_len <= 0)
    f.max_input_token_len = f.max_prefill_tokens > 0 ? std::min(f.max_seq_len, f.max_prefill_tokens) : f.max_seq_len;
  f.max_prefill_batch_size = std::min(f.max_prefill_batch_size, f.max_batch_size);
  if (f.max_prefill_tokens <= 0) f.max_prefill_tokens = f.max_seq_len;
  if (f.max_iter_times <= 0) f.max_iter_times = f.max_seq_len;
}

}  // namespace

ServingParameters parse_serving_parameters(const std::vector<std::string>& argv, const StringMap& env,
                                           long long derived_max_seq_len, const std::string& stage) {
  MindieFields f;
  f.max_seq_len = derived_max_seq_len;
  ServingParameters out;
  ParsedArgs parsed;
  try {
    parsed = parse_known_args(mindie_flag_table(), argv);
  } catch (const ArgparseError& e) {
    const std::string message = e.exits() ? "argparse exits (SystemExit, which GPUStack does not catch): " + std::string(e.what()) : e.what();
    refuse_parameter(stage, e.flag(), e.value(), e.rule(), message);
  }
  read_fields(f, parsed);
  out.ignored = parsed.ignored;
  out.max_seq_len_given = parsed.find("max_seq_len") != nullptr;
  if (parsed.find("npu_memory_fraction")) out.fraction_source = "parameter";
  // The environment only speaks when no parameters are given at all (argparse's namespace always
  // has the attribute, so GPUStack's hasattr test never lets it speak otherwise).
  if (argv.empty()) {
    if (const std::string* v = find_value(env, "NPU_MEMORY_FRACTION")) {
      auto d = python_float(*v);
      if (!d) refuse_parameter(stage, "NPU_MEMORY_FRACTION", *v, "float", "Invalid value for NPU_MEMORY_FRACTION: " + *v);
      f.npu_memory_fraction = *d;
      out.fraction_source = "env";
    }
  }

  apply_defaults(f);
  out.cpu_mem_size_requested = f.cpu_mem_size;
  if (f.max_preempt_count == 0 && f.cpu_mem_size > 0) {  // Q27
    f.cpu_mem_size = 0;
    out.cpu_mem_size_dropped = true;
  }
  derive_parallel(f.parallel);
  validate_fields(f, stage);

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

}  // namespace placement::mindie
