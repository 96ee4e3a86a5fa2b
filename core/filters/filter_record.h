// The shared shape of one base filter: what it reads (FilterContext), what it writes (a filter
// record of the trace, scheduler-rules.md §6.2) and how the registry calls it. Every filter records
// every worker it was given, passing ones included, so an explanation can say why each worker
// is still in the running or not.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "scenario/backend_parameters.h"
#include "scenario/types.h"
#include "trace/trace.h"

namespace placement::filters {

struct FilterContext {
  const Scenario& scenario;
  const Model& model;  // after the evaluation side effects
  const BackendParameters& params;
  Trace& trace;
};

// Record statuses (§6.2).
inline constexpr const char* kApplied = "applied";
inline constexpr const char* kNotApplied = "not_applied";
inline constexpr const char* kNotRun = "not_run";
// Code every worker gets from a filter whose condition does not hold for this model.
inline constexpr const char* kCodeNotApplied = "not_applied";

// One verdict per worker a filter was given, typed until the trace is read.
struct WorkerVerdict {
  std::int64_t worker_id = 0;
  std::string worker_name;
  bool pass = false;
  const char* code = "";
  std::shared_ptr<const TraceRecord> data;  // an object (verdict_data.h); null = {}; shared by workers with the same data
};

class WorkerVerdicts final : public DeferredList {
 public:
  std::vector<WorkerVerdict> verdicts;
  void write(JsonOut& out) const override;
};

class FilterRecord {
 public:
  explicit FilterRecord(std::string filter);

  // Exactly one of these, before any worker verdict.
  void applied(std::string why);
  // Keeps every input worker, each recorded with code `not_applied`.
  void not_applied(std::string why, const std::vector<const Worker*>& workers);

  // `code` is one of the filter's code constants (static storage); `data` writes an object
  // (verdict_data.h), null is rendered as {}. Workers with the same data may share it.
  void pass(const Worker& w, const char* code, std::shared_ptr<const TraceRecord> data = nullptr);
  void fail(const Worker& w, const char* code, std::shared_ptr<const TraceRecord> data = nullptr);

  // §2 summary of this filter (filter_summaries.h); without one the record's summary is {}.
  void summary(std::shared_ptr<const TraceRecord> summary) { summary_ = std::move(summary); }
  // The filter's own top-level members, between `kept` and `summary` (e.g. which backend catalogue
  // decided): `members` writes members into the open record, not an object.
  void members(std::shared_ptr<const TraceRecord> members) { members_ = std::move(members); }

  const std::string& filter() const { return filter_; }
  const std::vector<const Worker*>& kept() const { return kept_; }
  std::size_t input_count() const { return input_; }
  std::size_t excluded_count() const { return input_ - kept_.size(); }

  // Hands the §6.2 record to the trace; its parts move into it, so this is the record's last use.
  void commit(Trace& trace);
  // The record of a filter that never ran because an earlier one left nobody.
  static std::shared_ptr<const TraceRecord> not_run(const std::string& filter, const std::string& after);

 private:
  void add(const Worker& w, bool pass, const char* code, std::shared_ptr<const TraceRecord> data);

  std::string filter_;
  std::string status_ = kApplied;
  std::string why_;
  std::size_t input_ = 0;
  std::vector<const Worker*> kept_;
  std::shared_ptr<WorkerVerdicts> workers_;
  std::shared_ptr<const TraceRecord> summary_;
  std::shared_ptr<const TraceRecord> members_;  // null: none
};

using FilterFunction = void (*)(const FilterContext& ctx, const std::vector<const Worker*>& workers, FilterRecord& record);

struct FilterDefinition {
  const char* name;
  FilterFunction run;
};

}  // namespace placement::filters
