#include "fit/gguf/setup.h"

#include <algorithm>
#include <memory>

#include "fit/gguf/requirement_record.h"
#include "scenario/errors.h"
#include "scenario/scenario_loader.h"

namespace placement::gguf_fit {

namespace {

gguf::Query base_query() { return gguf::Query{}; }

gguf::Query probe_query() {
  gguf::Query q;
  q.tensor_split = std::vector<double>{1, 1};
  q.rpc = std::vector<std::string>{"host:80"};
  return q;
}

// The first item whose first device holds exactly one layer: what one layer costs.
MemoryFigure one_layer(const gguf::Estimate& e) {
  for (const auto& item : e.items)
    if (!item.vrams.empty() && item.vrams[0].handle_layers == 1) return figure(item.vrams[0]);
  return {};
}

void read_parameters(const FitContext& ctx, Setup& s) {
  // GPUStack reads the value only when the parameter has one; an unparsable -ngl is ignored.
  if (ctx.params.value({"ngl", "gpu-layers", "n-gpu-layers"})) s.ngl = ctx.params.integer({"ngl", "gpu-layers", "n-gpu-layers"});
  if (std::optional<std::string> ts = ctx.params.value({"ts", "tensor-split"}); ts && !ts->empty()) {
    UserSplit split{*ts, static_cast<std::size_t>(std::count(ts->begin(), ts->end(), ',')) + 1};
    s.tensor_split = split;
  }
}

void read_requirement(QueryLog& queries, Setup& s) {
  s.base = &queries.require(base_query(), "base");
  s.probe = &queries.require(probe_query(), "rpc_probe");
  if (s.base->items.empty())
    throw InputError("/estimates/gguf_parser", "the base estimate (" + describe_gguf_query(base_query()) + ") has no items");
  const gguf::EstimateItem& full = s.base->items.back();
  s.total_layers = full.offload_layers;
  s.full_vram = figure(vram_at(full, 0, nullptr));
  s.full_ram = figure(full.ram);
  s.cpu_ram = figure(s.base->items.front().ram);
  s.layer_vram = one_layer(*s.base);
  s.rpc_layer_vram = one_layer(*s.probe);
}

bool selected(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

void build_workers(const FitContext& ctx, Setup& s) {
  const std::vector<std::string>* ids = gpu_ids(ctx.model);
  for (const Worker* w : ctx.workers) {
    WorkerView v;
    v.source = w;
    v.worker = *w;
    if (ids) {
      // Even with a tensor split the GPU lists keep only the selected GPUs (exact id match).
      std::vector<GpuDevice> kept;
      for (const GpuDevice& g : w->gpus)
        if (selected(*ids, w->name + ":" + g.type + ":" + std::to_string(g.index))) kept.push_back(g);
      v.worker.gpus = std::move(kept);
      v.reduced = std::make_shared<const Worker>(v.worker);
    }
    v.uma = w->is_unified_memory;
    v.alloc = ctx.allocation.compute(v.worker);
    if (v.alloc.uma_missing_index0)
      throw ReferenceError("fit", "a unified-memory worker has GPUs but no GPU index 0", DataFields{{"worker", w->name}});
    v.vram_sum = v.alloc.vram_total();
    s.gpu_count += v.worker.gpus.size();
    s.position_by_name.emplace(v.worker.name, s.workers.size());
    s.workers.push_back(std::move(v));
  }
  for (std::size_t i = 0; i < s.workers.size(); ++i) {
    const WorkerView& v = s.workers[i];
    if (!v.alloc.vram.empty() && v.vram_sum > 0) s.workers_alloc.push_back(WorkerEntry{i, v.vram_sum});
    if (v.alloc.vram.empty()) continue;
    // Device order; a repeated index (two types) reads the one allocatable value twice.
    for (const GpuDevice& g : v.worker.gpus)
      if (const Bytes* a = v.alloc.gpu(g.index); a && *a > 0) s.gpus_alloc.push_back(GpuEntry{i, g.index, *a});
  }
  std::stable_sort(s.gpus_alloc.begin(), s.gpus_alloc.end(), [](const GpuEntry& a, const GpuEntry& b) { return a.alloc > b.alloc; });
  std::stable_sort(s.workers_alloc.begin(), s.workers_alloc.end(),
                   [](const WorkerEntry& a, const WorkerEntry& b) { return a.vram > b.vram; });
  for (std::size_t i = 0; i < s.workers.size(); ++i) s.by_vram.push_back(i);
  std::stable_sort(s.by_vram.begin(), s.by_vram.end(),
                   [&](std::size_t a, std::size_t b) { return s.workers[a].vram_sum > s.workers[b].vram_sum; });
}

void record_requirement(FitContext& ctx, const Setup& s, GgufRequirement& requirement) {
  requirement.record_setup(s);
  ctx.trace.quirk("Q10", "gguf.requirement",
                  "total_layers (" + std::to_string(s.total_layers) + ") counts the output layer as one more layer");
}

}  // namespace

Selection make_selection(const std::vector<std::string>& gpu_ids) {
  Selection sel;
  sel.active = !gpu_ids.empty();
  sel.sorted_ids = gpu_ids;
  std::sort(sel.sorted_ids.begin(), sel.sorted_ids.end());
  for (const std::string& id : gpu_ids) {
    std::optional<GpuId> g = parse_gpu_id(id);
    const std::string name = g ? g->worker_name : id;
    auto it = std::find_if(sel.by_worker.begin(), sel.by_worker.end(), [&](const auto& p) { return p.first == name; });
    if (it == sel.by_worker.end()) {
      sel.by_worker.emplace_back(name, std::vector<std::string>{});
      it = sel.by_worker.end() - 1;
    }
    it->second.push_back(id);
  }
  for (auto& [name, ids] : sel.by_worker) std::sort(ids.begin(), ids.end());
  return sel;
}

int approximate_gpu_count(Bytes largest_gpu_alloc, Bytes full_vram_nonuma, bool any_gpu) {
  if (!any_gpu) return 1;
  if (full_vram_nonuma == 0) return -1;
  const double rate = static_cast<double>(largest_gpu_alloc) / static_cast<double>(full_vram_nonuma);
  for (int i = 1; i <= 16; ++i)
    if (rate > 1.0 / i) return i;
  return -1;
}

Setup build_setup(FitContext& ctx, QueryLog& queries, GgufRequirement& requirement) {
  Setup s;
  read_parameters(ctx, s);
  read_requirement(queries, s);  // GPUStack asks before it looks at the workers
  if (const std::vector<std::string>* ids = gpu_ids(ctx.model)) {
    s.selection = make_selection(*ids);
    s.max_rpc = ids->size();
    if (s.tensor_split) {
      // A tensor split makes GPUStack ignore the selection (the GPU lists stay reduced).
      s.selection.active = false;
      s.selection.sorted_ids.clear();
      s.selection.by_worker.clear();
    }
  }
  build_workers(ctx, s);
  s.approx_gpus = approximate_gpu_count(s.gpus_alloc.empty() ? 0 : s.gpus_alloc.front().alloc, s.full_vram.nonuma,
                                        !s.gpus_alloc.empty());
  if (s.ngl && *s.ngl != 0 && *s.ngl > s.total_layers) {
    s.ngl_given = s.ngl;
    s.ngl = s.total_layers;
  }
  record_requirement(ctx, s, requirement);
  return s;
}

}  // namespace placement::gguf_fit
