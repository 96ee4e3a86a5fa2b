#include "fit/vllm/requirement_record.h"

#include <utility>

#include "trace/json_out_values.h"

namespace placement {

VllmRequirement::VllmRequirement(DataFields vram_source, const VllmSettings& settings, const HfHyperParameters& hp, bool gpus_selected)
    : vram_source_(std::move(vram_source)),
      settings_(settings),
      num_attention_heads_(hp.num_attention_heads),
      vision_heads_(hp.vision_heads),
      vocab_size_(hp.vocab_size),
      architectures_(hp.architectures),
      gpus_selected_(gpus_selected) {}

void VllmRequirement::write(JsonOut& out) const {
  const VllmSettings& s = settings_;
  out.member("selector", "vllm");
  out.key("vram");
  out.begin_object();
  vram_source_.write_members(out);
  out.member("bytes", s.vram);
  out.end_object();
  out.key("ram");
  out.begin_object();
  out.member("bytes", s.ram);
  out.member("source", s.ram > 0 ? "extended_kv_cache.ram_size" : "none");
  out.end_object();
  out.key("u");
  out.begin_object();
  out.member("value", s.gmu.value);
  out.member("source", s.gmu.source);
  out.member("parameter", "gpu-memory-utilization");
  out.end_object();
  out.key("gpu_count");
  out.begin_object();
  out.key("value");
  if (s.gpu_count) out.number(s.gpu_count);
  else out.null();
  out.member("source", gpus_selected_ ? "gpu_selector" : s.world.world > 0 ? "world_size" : "unset");
  out.end_object();
  out.key("world_size");
  out.begin_object();
  out.member("value", s.world.world);
  out.member("labels", s.world.labels);
  out.end_object();
  out.key("executor");
  out.begin_object();
  out.member("value", s.executor.executor == VllmExecutor::mp ? "mp" : "ray");
  out.member("source", s.executor.source);
  out.end_object();
  out.key("hyper_parameters");
  out.begin_object();
  write_optional(out, "num_attention_heads", num_attention_heads_);
  write_optional(out, "vision_heads", vision_heads_);
  write_optional(out, "vocab_size", vocab_size_);
  out.key("architectures");
  write_strings(out, architectures_);
  out.end_object();
  out.member("distributed", s.distributed);
}

}  // namespace placement
