#include "filters/gpu_matching_filter.h"

#include <algorithm>

#include "filters/filter_summaries.h"
#include "filters/verdict_data.h"
#include "scenario/scenario_loader.h"

namespace placement::filters {

namespace {

// Worker names in first-appearance order of the ids (GPUStack groups the ids by worker).
std::vector<std::string> named_workers(const std::vector<std::string>& ids) {
  std::vector<std::string> names;
  for (const auto& id : ids) {
    auto parsed = parse_gpu_id(id);
    if (!parsed) continue;  // the loader rejects such ids; nothing to name here
    if (std::find(names.begin(), names.end(), parsed->worker_name) == names.end()) names.push_back(parsed->worker_name);
  }
  return names;
}

std::vector<std::string> selected_ids_of(const std::vector<std::string>& ids, const std::string& worker) {
  std::vector<std::string> out;
  for (const auto& id : ids)
    if (auto parsed = parse_gpu_id(id); parsed && parsed->worker_name == worker) out.push_back(id);
  return out;
}

}  // namespace

void GpuMatchingFilter::run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record) {
  const auto* ids = gpu_ids(ctx.model);
  if (!ids) {
    record.not_applied("the model has no gpu_selector.gpu_ids", workers);
    return;
  }
  record.applied("gpu_selector.gpu_ids is set: only the workers it names stay");
  const std::vector<std::string> names = named_workers(*ids);
  for (const Worker* w : workers) {
    if (std::find(names.begin(), names.end(), w->name) != names.end())
      record.pass(*w, kCodeSelected, std::make_shared<const SelectedGpusData>(selected_ids_of(*ids, w->name)));
    else
      record.fail(*w, kCodeNotSelected);
  }
  // Named workers that did not reach this filter (absent from the scenario or removed by F1).
  // GPUStack does not order them; sorted here so the output is deterministic.
  std::vector<std::string> absent;
  for (const auto& name : names) {
    bool present = std::any_of(workers.begin(), workers.end(), [&](const Worker* w) { return w->name == name; });
    if (!present) absent.push_back(name);
  }
  std::sort(absent.begin(), absent.end());
  const std::size_t matched = record.kept().size();
  ctx.trace.message("filters", Name, DataFields{{"matched", matched}, {"absent", absent}});
  auto summary = std::make_shared<GpuSelectorSummary>();
  summary->matched = matched;
  summary->named_workers = names;
  summary->absent = std::move(absent);
  record.summary(std::move(summary));
}

}  // namespace placement::filters
