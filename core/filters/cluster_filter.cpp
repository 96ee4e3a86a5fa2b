#include "filters/cluster_filter.h"

#include "filters/filter_summaries.h"
#include "filters/verdict_data.h"

namespace placement::filters {

void ClusterFilter::run(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record) {
  const auto& want = ctx.model.cluster_id;
  record.applied("always applies: the worker's cluster must equal the model's");
  bool null_model_removed = false;
  // Workers of one cluster share their data; clusters are few, workers many.
  std::vector<std::pair<std::optional<std::int64_t>, std::shared_ptr<const ClusterData>>> data_of_cluster;
  for (const Worker* w : workers) {
    std::shared_ptr<const ClusterData> data;
    for (const auto& [cluster, d] : data_of_cluster)
      if (cluster == w->cluster_id) data = d;
    if (!data) {
      data = std::make_shared<const ClusterData>(w->cluster_id, want);
      if (data_of_cluster.size() < 16) data_of_cluster.emplace_back(w->cluster_id, data);
    }
    // optional == optional: two nulls are equal, a null never equals a value (GPUStack's `!=`).
    if (w->cluster_id == want) {
      record.pass(*w, kCodeMatch, std::move(data));
    } else {
      record.fail(*w, kCodeMismatch, std::move(data));
      if (!want) null_model_removed = true;
    }
  }
  if (null_model_removed)
    ctx.trace.quirk("Q31", "filters.cluster",
                    "the model has no cluster and GPUStack compares that null as a value: workers that belong to a cluster are excluded");
  const std::size_t matched = record.kept().size();
  auto summary = std::make_shared<ClusterSummary>();
  summary->matched = matched;
  summary->model_cluster_id = want;
  record.summary(std::move(summary));
  // GPUStack reports this filter every time ("Matched N workers by cluster selector.").
  ctx.trace.message("filters", Name, DataFields{{"matched", matched}});
}

}  // namespace placement::filters
