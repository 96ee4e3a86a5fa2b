// The base filter chain in GPUStack's order (scheduler-rules.md §2). Each filter gets the previous
// survivors; once one leaves nobody, the rest are recorded as not run.
#include "filters/registry.h"

#include "filters/backend_framework_filter.h"
#include "filters/cluster_filter.h"
#include "filters/filter_record.h"
#include "filters/gpu_matching_filter.h"
#include "filters/label_matching_filter.h"
#include "filters/local_path_filter.h"
#include "filters/status_filter.h"

namespace placement {

namespace {

using filters::FilterDefinition;

constexpr FilterDefinition kChain[] = {
    {filters::ClusterFilter::Name, filters::ClusterFilter::run},                    // F1
    {filters::GpuMatchingFilter::Name, filters::GpuMatchingFilter::run},            // F2
    {filters::LabelMatchingFilter::Name, filters::LabelMatchingFilter::run},        // F3
    {filters::StatusFilter::Name, filters::StatusFilter::run},                      // F4
    {filters::BackendFrameworkFilter::Name, filters::BackendFrameworkFilter::run},  // F5
    {filters::LocalPathFilter::Name, filters::LocalPathFilter::run},                // F6
};

constexpr const char* kExcludedKey = "excluded_by_filter";

}  // namespace

std::vector<const Worker*> run_base_filters(const Scenario& scenario, const Model& model, const BackendParameters& params,
                                            Trace& trace) {
  filters::FilterContext ctx{scenario, model, params, trace};
  std::vector<const Worker*> survivors;
  for (const auto& w : scenario.workers) survivors.push_back(&w);
  std::string emptied_by;
  for (const FilterDefinition& f : kChain) {
    if (!emptied_by.empty()) {
      trace.add_filter(filters::FilterRecord::not_run(f.name, emptied_by));
      continue;
    }
    filters::FilterRecord record(f.name);
    f.run(ctx, survivors, record);
    if (record.excluded_count() > 0)
      trace.summary(kExcludedKey, static_cast<long long>(record.excluded_count()), static_cast<long long>(record.input_count()),
                    "workers", DataFields{{"filter", f.name}});
    survivors = record.kept();
    record.commit(trace);
    if (survivors.empty()) emptied_by = f.name;
  }
  return survivors;
}

}  // namespace placement
