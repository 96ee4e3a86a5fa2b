#include "filters/status_filter.h"

#include "filters/filter_summaries.h"
#include "filters/verdict_data.h"

namespace placement::filters {

void StatusFilter::run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record) {
  record.applied("always applies: the worker must be ready");
  for (const Worker* w : workers) {
    if (w->state == kReadyState)
      record.pass(*w, kCodeReady);
    else
      record.fail(*w, kCodeNotReady, std::make_shared<const WorkerStateData>(w->state));
  }
  auto summary = std::make_shared<StatusSummary>();
  summary->matched = record.kept().size();
  summary->of = record.input_count();
  record.summary(summary);
  // "Matched k/n workers by READY status." only when someone was removed.
  if (record.excluded_count() > 0) ctx.trace.message("filters", Name, summary);
}

}  // namespace placement::filters
