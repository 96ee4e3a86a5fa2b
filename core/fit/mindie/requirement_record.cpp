#include "fit/mindie/requirement_record.h"

#include "trace/json_out_values.h"

namespace placement::mindie {

namespace {

// The parameters as the fit read them (after MindIE's defaulting and Q27).
void write_parameters(JsonOut& out, const ServingParameters& p) {
  out.begin_object();
  out.member("npu_memory_fraction", p.npu_memory_fraction);
  out.member("npu_memory_fraction_source", p.fraction_source);
  out.member("max_seq_len", p.max_seq_len);
  out.member("max_seq_len_given", p.max_seq_len_given);
  out.member("max_batch_size", p.max_batch_size);
  out.member("cache_block_size", p.cache_block_size);
  out.member("max_prefill_tokens", p.max_prefill_tokens);
  out.member("max_iter_times", p.max_iter_times);
  out.member("cpu_mem_size", p.cpu_mem_size);
  out.member("cpu_mem_size_requested", p.cpu_mem_size_requested);
  out.member("max_preempt_count", p.max_preempt_count);
  const ParallelSizes& s = p.parallel;
  out.key("parallel");
  out.begin_object();
  out.member("pp", s.pp);
  out.member("tp", s.tp);
  out.member("dp", s.dp);
  out.member("cp", s.cp);
  out.member("sp", s.sp);
  out.member("moe_tp", s.moe_tp);
  out.member("moe_ep", s.moe_ep);
  out.member("world", s.world);
  out.member("local", s.local);
  out.end_object();
  out.key("ignored_tokens");
  write_strings(out, p.ignored);
  out.end_object();
}

}  // namespace

void MindieRequirement::write(JsonOut& out) const {
  const double u = parameters_.npu_memory_fraction;
  out.member("selector", "mindie");
  out.member("vram", estimate_.vram);
  out.member("ram", estimate_.ram);
  out.member("u", u);
  out.member("vram_over_u", static_cast<Bytes>(static_cast<double>(estimate_.vram) / u));
  out.member("u_percent", static_cast<long long>(u * 100));
  out.member("source", estimate_.from_env ? "env" : "estimate");
  out.key("estimate");
  estimate_.write(out);
  out.key("parameters");
  write_parameters(out, parameters_);
  out.key("parameter_world");
  out.begin_object();
  out.member("world", world_.world);
  out.member("labels", world_.labels);
  out.end_object();
  write_optional(out, "gpu_count", gpu_count_);
}

}  // namespace placement::mindie
