#include "filters/local_path_filter.h"

#include <algorithm>

#include "filters/filter_summaries.h"
#include "filters/verdict_data.h"

namespace placement::filters {

void LocalPathFilter::run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record) {
  const Model& model = ctx.model;
  if (model.source.kind != SourceKind::local_path) {
    record.not_applied("the model source is not local_path", workers);
    return;
  }
  if (!gpu_ids(model)) {
    record.not_applied("the model has no gpu_selector.gpu_ids", workers);
    return;
  }
  const std::string path = model.source.local_path.value_or("");
  record.applied("local-path model with selected GPUs: the path must exist on the worker");
  std::vector<std::string> failed;
  const auto data = std::make_shared<const LocalPathData>(path);  // the same for every worker
  for (const Worker* w : workers) {
    if (!w->local_paths) {
      record.fail(*w, kCodeUnreported, data);
      failed.push_back(w->name);
    } else if (std::find(w->local_paths->begin(), w->local_paths->end(), path) == w->local_paths->end()) {
      record.fail(*w, kCodeMissing, data);
      failed.push_back(w->name);
    } else {
      record.pass(*w, kCodePresent, data);
    }
  }
  std::sort(failed.begin(), failed.end());
  const std::size_t listed = std::min(failed.size(), kListedWorkers);
  auto summary = std::make_shared<LocalPathSummary>();
  summary->path = path;
  summary->workers.assign(failed.begin(), failed.begin() + static_cast<std::ptrdiff_t>(listed));
  summary->more = failed.size() - listed;
  record.summary(summary);
  if (!failed.empty()) ctx.trace.message("filters", Name, summary);
}

}  // namespace placement::filters
