// Manual GPU selection, second half (scheduler-rules.md §3.1.7.5): does each candidate built from
// the selected GPUs overcommit, and which candidates GPUStack returns: those that fit, else the
// overcommitted one with the largest effective VRAM.
#include <algorithm>

#include "fit/common/manual_run.h"
#include "fit/common/shared_rules.h"
#include "scenario/errors.h"

namespace placement::manual {

// Keep the candidates that fit; else the best overcommitted one (later wins ties), unless the
// model has several replicas (GPUStack then returns none).
std::vector<Candidate> ManualRun::judge_overcommit(std::vector<Candidate>& candidates) {
  std::vector<Candidate> fitting;
  std::optional<std::size_t> best;
  double best_effective = 0;
  DataFields best_values;
  std::vector<DataFields> checks;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    OvercommitCheck oc = check_overcommit(candidates[i]);
    candidates[i].overcommit = oc.overcommit;
    checks.push_back(DataFields{{"candidate", i}, {"worker_name", candidates[i].worker_name}, {"overcommit", oc.overcommit}, {"values", oc.values}});
    if (!oc.overcommit) {
      fitting.push_back(candidates[i]);
      continue;
    }
    reject_overcommitted(candidates[i], i, oc);
    if (oc.effective >= best_effective) {
      best_effective = oc.effective;
      best = i;
      best_values = oc.values;
    }
  }
  record_.set({"overcommit_checks", std::move(checks)});
  if (!fitting.empty()) {
    commit("tried", fitting.size(), "candidates");
    return fitting;
  }
  if (ctx_.model.replicas > 1) {
    outcome_.multi_replica_overcommit = true;
    messages_.add("manual", "multi_replica_overcommit", DataFields{{"count", candidates.size()}, {"replicas", ctx_.model.replicas}});
    commit("tried", 0, "multi_replica_overcommit");
    return {};
  }
  if (!best) {  // only a negative utilisation makes every effective figure negative
    commit("tried", 0, "none");
    return {};
  }
  outcome_.overcommit = true;
  messages_.add("manual", "overcommit", best_values);
  record_.set({"chosen_overcommit", *best});
  commit("tried", 1, "overcommit");
  return {candidates[*best]};
}

// Record an overcommitted candidate as a rejection of its main worker, with what it falls short of.
void ManualRun::reject_overcommitted(const Candidate& c, std::size_t i, const OvercommitCheck& check) {
  const Worker* w = worker_named(c.worker_name);
  if (!w) return;
  Rejection& rj = reject(*w, c.gpu_indexes.value_or(IndexList{}), "overcommit",
                         DataFields{{"candidate", i}, {"unsatisfied_gpus", check.used.unsatisfied}});
  const Bytes claimed_vram = check.used.vram;
  const Bytes claimed_ram = check.used.ram;
  if (claimed_vram < req_.vram)
    rj.shortfalls.push_back(Shortfall{"vram_total", std::nullopt, req_.vram, claimed_vram, req_.vram - claimed_vram, false});
  if (req_.ram > 0 && claimed_ram < req_.ram)
    rj.shortfalls.push_back(Shortfall{"ram", std::nullopt, req_.ram, claimed_ram, req_.ram - claimed_ram, false});
}

// Satisfied selected GPUs, over every selected type with this candidate's utilisation, and the
// allocatable VRAM of the whole selection.
ManualRun::SelectedFigures ManualRun::selected_figures(double u) {
  SelectedFigures f;
  for (const auto& ts : selection_)
    for (const auto& ws : ts.workers) {
      const Worker* w = worker_named(ws.worker);
      if (!w) continue;
      const Allocatable& a = alloc(*w, ts.type);
      for (int index : ws.indexes) {
        const Bytes* av = a.gpu(index);
        auto total = typed_total(*w, ts.type, index);
        f.alloc += av ? *av : 0;
        if (u == 0) {
          ++f.satisfied_count;
          f.satisfied.emplace_back(ts.type, ws.worker, index);
          continue;
        }
        if (!total || !av) continue;
        if (*total == 0)
          throw ReferenceError("fit",
                               "selected GPU " + ws.worker + ":" + ts.type + ":" + std::to_string(index) +
                                   " reports memory.total 0; GPUStack divides by it in the overcommit check and fails",
                               DataFields{{"worker", ws.worker}, {"gpu_type", ts.type}, {"gpu_index", index}});
        if (static_cast<double>(*av) / static_cast<double>(*total) >= u) {
          ++f.satisfied_count;
          f.satisfied.emplace_back(ts.type, ws.worker, index);
        }
      }
    }
  return f;
}

// What the candidate uses: the main worker and every subordinate.
ManualRun::UsedFigures ManualRun::used_figures(const Candidate& c, const std::string& type, const SelectedFigures& selected) {
  struct Part {
    const std::string* name;
    const std::vector<int>* indexes;
    const ResourceClaim* claim;
  };
  static const std::vector<int> no_indexes;
  std::vector<Part> parts{{&c.worker_name, c.gpu_indexes ? &*c.gpu_indexes : &no_indexes, &c.claim}};
  for (const auto& s : c.subordinate_workers) parts.push_back({&s.worker_name, s.gpu_indexes ? &*s.gpu_indexes : &no_indexes, s.claim ? &*s.claim : nullptr});
  UsedFigures used;
  for (const Part& p : parts) {
    const Worker* w = worker_named(*p.name);
    if (p.claim) {
      used.vram += vram_sum(p.claim->vram);
      used.ram += p.claim->ram.value_or(0);
    }
    used.count += static_cast<long long>(p.indexes->size());
    for (int index : *p.indexes) {
      if (w)
        if (const Bytes* av = alloc(*w, type).gpu(index)) used.alloc += *av;
      if (std::find(selected.satisfied.begin(), selected.satisfied.end(), std::make_tuple(type, *p.name, index)) != selected.satisfied.end())
        ++used.satisfied;
      else used.unsatisfied.push_back(DataFields{{"worker_name", *p.name}, {"gpu_index", index}});
    }
  }
  return used;
}

// §3.1.7.5: does the candidate fall short of the request, or use a GPU below the utilisation?
ManualRun::OvercommitCheck ManualRun::check_overcommit(const Candidate& c) {
  const std::string type = c.gpu_type.value_or("");
  const double u = utilisation_for(opt_.utilisation, type);
  const std::size_t selected_count = ids_.size();
  const SelectedFigures selected = selected_figures(u);
  OvercommitCheck r;
  r.used = used_figures(c, type, selected);
  const UsedFigures& used = r.used;
  r.overcommit = used.vram < req_.vram || (req_.ram > 0 && used.ram < req_.ram) || used.satisfied < used.count;
  // GPUStack measures the whole selection unless the candidate uses only part of it.
  const bool partial = used.count < static_cast<long long>(selected_count);
  if (u == 0) r.effective = static_cast<double>(partial ? used.alloc : selected.alloc);
  else r.effective = static_cast<double>(partial ? used.alloc : selected.alloc) * u;

  const long long other_gpus = used.count - static_cast<long long>(c.gpu_indexes ? c.gpu_indexes->size() : 0);
  std::vector<std::int64_t> gpu_indexes;
  if (c.gpu_indexes) gpu_indexes.assign(c.gpu_indexes->begin(), c.gpu_indexes->end());
  r.values = DataFields{{"u", u},
                        {"u_zero", u == 0},
                        {"partial", partial},
                        {"used_devices", DataFields{{"worker", c.worker_name},
                                                    {"gpu_indexes", std::move(gpu_indexes)},
                                                    {"other_workers", c.subordinate_workers.size()},
                                                    {"other_gpus", other_gpus},
                                                    {"max_show", 8}}},
                        {"selected_count", selected_count},
                        {"selected_satisfied", selected.satisfied_count},
                        {"selected_alloc", selected.alloc},
                        {"selected_alloc_gib", round_to_gib(static_cast<double>(selected.alloc))},
                        {"used_count", used.count},
                        {"used_satisfied", used.satisfied},
                        {"used_alloc", used.alloc},
                        {"used_alloc_gib", round_to_gib(static_cast<double>(used.alloc))},
                        {"effective_vram", r.effective},
                        {"effective_gib", round_to_gib(r.effective)},
                        {"request_vram", req_.vram},
                        {"request_ram", req_.ram},
                        {"claimed_vram", used.vram},
                        {"claimed_ram", used.ram},
                        {"unsatisfied_used", used.unsatisfied}};
  return r;
}

}  // namespace placement::manual
