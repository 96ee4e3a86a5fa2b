#include "fit/gguf/requirement_record.h"

#include <utility>

#include "trace/json_out_values.h"

namespace placement::gguf_fit {

namespace {

template <class Values>
void write_integers(JsonOut& out, const Values& values) {
  out.begin_array();
  for (const double v : values) out.number(static_cast<long long>(v));
  out.end_array();
}

void write_figure(JsonOut& out, std::string_view key, const MemoryFigure& f) {
  out.key(key);
  out.begin_object();
  out.member("uma", f.uma);
  out.member("nonuma", f.nonuma);
  out.end_object();
}

}  // namespace

void write_query_members(JsonOut& out, const gguf::Query& q) {
  out.member("offload", q.offload);
  if (q.tensor_split && !q.tensor_split->empty()) {
    out.key("tensor_split");
    write_integers(out, *q.tensor_split);
    out.key("normalised_split");
    write_integers(out, gguf::normalise_tensor_split(*q.tensor_split));
  } else {
    out.key("tensor_split");
    out.null();
    out.key("normalised_split");
    out.null();
  }
  out.key("rpc");
  if (q.rpc && !q.rpc->empty()) write_strings(out, *q.rpc);
  else out.null();
}

void GgufRequirement::record_setup(const Setup& s) {
  SetupFigures f;
  f.total_layers = s.total_layers;
  f.full_vram = s.full_vram;
  f.full_ram = s.full_ram;
  f.cpu_ram = s.cpu_ram;
  f.layer_vram = s.layer_vram;
  f.rpc_layer_vram = s.rpc_layer_vram;
  f.approx_gpus = s.approx_gpus;
  f.ngl = s.ngl;
  if (s.ngl_given && s.ngl && *s.ngl_given != *s.ngl) f.ngl_given = s.ngl_given;
  if (s.tensor_split) f.tensor_split = s.tensor_split->text;
  if (s.selection.active) f.selected_gpu_ids = s.selection.sorted_ids;
  f.max_rpc = s.max_rpc;
  f.worker_names.reserve(s.workers.size());
  for (const WorkerView& w : s.workers) f.worker_names.push_back(w.worker.name);
  f.allocatable_gpus = s.gpus_alloc;
  setup_ = std::move(f);
}

void GgufRequirement::write(JsonOut& out) const {
  out.member("selector", "gguf");
  out.key("queries");
  write_object_array(out, queries, [&](const QueryRecord& r) {
    write_query_members(out, r.query);
    out.member("source", r.source);
    out.member("asked_by", r.asked_by);
    out.member("explanation_only", r.explanation_only);
    out.member("uses", r.uses);
  });
  out.member("estimator_calls", estimator_calls);
  if (setup_) write_setup(out, *setup_);
}

void GgufRequirement::write_setup(JsonOut& out, const SetupFigures& f) const {
  out.member("total_layers", f.total_layers);
  out.member("total_layers_includes_output", true);
  write_figure(out, "full_vram", f.full_vram);
  write_figure(out, "full_ram", f.full_ram);
  write_figure(out, "cpu_ram", f.cpu_ram);
  write_figure(out, "layer_vram", f.layer_vram);
  write_figure(out, "rpc_layer_vram", f.rpc_layer_vram);
  out.member("approx_gpus", f.approx_gpus);
  write_optional(out, "ngl", f.ngl);
  if (f.ngl_given) out.member("ngl_given", *f.ngl_given);
  write_optional(out, "tensor_split", f.tensor_split);
  write_optional(out, "selected_gpu_ids", f.selected_gpu_ids);
  out.member("max_rpc_servers", f.max_rpc);
  out.key("allocatable_gpus");
  write_object_array(out, f.allocatable_gpus, [&](const GpuEntry& g) {
    out.member("worker_name", f.worker_names[g.worker]);
    out.member("gpu_index", g.index);
    out.member("alloc", g.alloc);
  });
}

}  // namespace placement::gguf_fit
