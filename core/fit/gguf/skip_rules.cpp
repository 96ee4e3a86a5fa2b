#include "fit/gguf/skip_rules.h"

#include "fit/common/rejection_codes.h"
#include "scenario/scenario_loader.h"

namespace placement::gguf_fit {

namespace {

bool any_of(Strategy s, std::initializer_list<Strategy> set) {
  for (Strategy x : set)
    if (x == s) return true;
  return false;
}

std::optional<Skip> parameter_rules(GgufRun& run, Strategy s) {
  const Setup& setup = run.setup;
  if (setup.ngl) {
    const long long ngl = *setup.ngl;
    const long long total = setup.total_layers;
    if (ngl > 0 && ngl < total && !run.ctx.model.cpu_offloading) {
      run.events.add(Level::error, kPreCheck, "ngl_requires_cpu_offloading", kInvalidParameter, DataFields{{"ngl", ngl}});
      return Skip{"ngl_requires_cpu_offloading", DataFields{{"ngl", ngl}, {"total_layers", total}}};
    }
    if (ngl == 0 && s != Strategy::cpu) return Skip{"ngl_cpu_only", DataFields{{"ngl", ngl}}};
    if (ngl != 0 && s == Strategy::cpu) return Skip{"ngl_not_cpu", DataFields{{"ngl", ngl}}};
    if (ngl != total && any_of(s, {Strategy::single_gpu, Strategy::multi_gpu}))
      return Skip{"ngl_partial", DataFields{{"ngl", ngl}, {"total_layers", total}}};
    if (ngl == total && any_of(s, {Strategy::partial, Strategy::cpu}))
      return Skip{"ngl_full", DataFields{{"ngl", ngl}, {"total_layers", total}}};
  }
  if (setup.tensor_split && s == Strategy::single_gpu) return Skip{"tensor_split_given", DataFields{{"tensor_split", setup.tensor_split->text}}};
  return std::nullopt;
}

std::optional<Skip> manual_rules(const GgufRun& run, Strategy s) {
  const Selection& sel = run.setup.selection;
  if (!sel.active) return std::nullopt;
  if (s == Strategy::cpu) return Skip{"manual_only"};
  const std::size_t workers = sel.by_worker.size();
  if (workers > 1 && s != Strategy::rpc) return Skip{"manual_multi_worker", DataFields{{"selected_workers", workers}}};
  if (workers == 1) {
    const std::size_t gpus = sel.by_worker.front().second.size();
    if (s == Strategy::rpc) return Skip{"manual_single_worker", DataFields{{"worker", sel.by_worker.front().first}}};
    if ((gpus > 1 && s == Strategy::single_gpu) || (gpus == 1 && s == Strategy::multi_gpu))
      return Skip{"manual_gpu_count", DataFields{{"selected_gpus", gpus}}};
  }
  return std::nullopt;
}

std::optional<Skip> allocatable_rules(GgufRun& run, Strategy s) {
  const Setup& setup = run.setup;
  if (setup.gpus_alloc.empty()) {
    if (s == Strategy::cpu) return std::nullopt;  // GPUStack returns before its later checks
    if (setup.selection.active) {
      run.events.add(Level::error, kPreCheck, "selected_gpus_need_layer_vram", kInsufficientSelected,
                     DataFields{{"layer_vram", setup.layer_vram.nonuma}});
      return Skip{"no_allocatable_gpu", DataFields{{"selected", true}, {"layer_vram", setup.layer_vram.nonuma}}};
    }
    if (setup.gpu_count != 0) {
      run.events.add(Level::info, kPreCheck, "no_allocatable_vram", kInsufficient, DataFields{});
      return Skip{"no_allocatable_gpu", DataFields{{"selected", false}, {"gpus", setup.gpu_count}}};
    }
  }
  if (setup.workers.size() < 2 && s == Strategy::rpc) return Skip{kSkipTooFewWorkers, DataFields{{"workers", setup.workers.size()}}};
  if (setup.gpus_alloc.size() < 2 && any_of(s, {Strategy::multi_gpu, Strategy::rpc}))
    return Skip{"too_few_gpus", DataFields{{"allocatable_gpus", setup.gpus_alloc.size()}}};
  if (setup.selection.active) {
    for (const auto& [name, ids] : setup.selection.by_worker) {
      std::optional<std::size_t> w = setup.worker_named(name);
      if (!w) {
        run.events.add(Level::error, kPreCheck, "selected_worker_missing", kSelectedInvalid, DataFields{{"worker_name", name}});
        return Skip{"selected_worker_missing", DataFields{{"worker_name", name}}};
      }
      const WorkerView& view = setup.workers[*w];
      for (const std::string& id : ids) {
        std::optional<GpuId> g = parse_gpu_id(id);
        if (!g) continue;
        const Bytes alloc = view.alloc.gpu_or_zero(g->index);
        const Bytes need = setup.layer_vram.on(view.uma);
        if (alloc < need) {
          run.events.add(Level::error, kPreCheck, "selected_gpu_too_small", kInsufficient, DataFields{{"gpu_id", id}, {"need", need}});
          return Skip{"selected_gpu_too_small", DataFields{{"gpu_id", id}, {"need", need}, {"have", alloc}}};
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Skip> skip_rule(GgufRun& run, Strategy s) {
  const Model& m = run.ctx.model;
  if (!m.cpu_offloading && any_of(s, {Strategy::partial, Strategy::cpu})) return Skip{"needs_cpu_offloading"};
  if (!distributed_enabled(m) && s == Strategy::rpc) return Skip{"distributed_disabled"};
  if (has_category(m, "image") && s != Strategy::single_gpu) return Skip{"image_single_gpu_only"};
  if (auto skip = parameter_rules(run, s)) return skip;
  if (auto skip = manual_rules(run, s)) return skip;
  return allocatable_rules(run, s);
}

}  // namespace placement::gguf_fit
