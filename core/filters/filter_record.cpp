#include "filters/filter_record.h"

namespace placement::filters {

void WorkerVerdicts::write(JsonOut& out) const {
  write_object_array(out, verdicts, [&](const WorkerVerdict& v) {
    out.member("worker_id", v.worker_id);
    out.member("worker_name", v.worker_name);
    out.member("pass", v.pass);
    out.member("code", v.code);
    out.key("data");
    if (v.data) {
      v.data->write(out);
    } else {
      out.begin_object();
      out.end_object();
    }
  });
}

FilterRecord::FilterRecord(std::string filter) : filter_(std::move(filter)), workers_(std::make_shared<WorkerVerdicts>()) {}

void FilterRecord::applied(std::string why) {
  status_ = kApplied;
  why_ = std::move(why);
}

void FilterRecord::not_applied(std::string why, const std::vector<const Worker*>& workers) {
  status_ = kNotApplied;
  why_ = std::move(why);
  for (const Worker* w : workers) pass(*w, kCodeNotApplied);
}

void FilterRecord::pass(const Worker& w, const char* code, std::shared_ptr<const TraceRecord> data) {
  add(w, true, code, std::move(data));
}

void FilterRecord::fail(const Worker& w, const char* code, std::shared_ptr<const TraceRecord> data) {
  add(w, false, code, std::move(data));
}

void FilterRecord::add(const Worker& w, bool pass, const char* code, std::shared_ptr<const TraceRecord> data) {
  ++input_;
  if (pass) kept_.push_back(&w);
  workers_->verdicts.push_back(WorkerVerdict{w.id, w.name, pass, code, std::move(data)});
}

namespace {

// A filter's §6.2 record as the trace keeps it.
class CommittedFilter final : public TraceRecord {
 public:
  std::string filter;
  std::string status;
  std::string why;
  std::size_t in = 0;
  std::size_t kept = 0;
  std::shared_ptr<const TraceRecord> members;  // the filter's own members, between `kept` and `summary`
  std::shared_ptr<const TraceRecord> summary;  // null: {}
  std::shared_ptr<const WorkerVerdicts> workers;  // null: none

  void write(JsonOut& out) const override {
    out.begin_object();
    out.member("filter", filter);
    out.member("status", status);
    out.member("why", why);
    out.member("in", in);
    out.member("kept", kept);
    if (members) members->write(out);
    out.key("summary");
    if (summary) {
      summary->write(out);
    } else {
      out.begin_object();
      out.end_object();
    }
    out.key("workers");
    if (workers) {
      workers->write(out);
    } else {
      out.begin_array();
      out.end_array();
    }
    out.end_object();
  }
};

}  // namespace

void FilterRecord::commit(Trace& trace) {
  auto record = std::make_shared<CommittedFilter>();
  record->filter = std::move(filter_);
  record->status = std::move(status_);
  record->why = std::move(why_);
  record->in = input_;
  record->kept = kept_.size();
  record->members = std::move(members_);
  record->summary = std::move(summary_);
  record->workers = std::move(workers_);
  trace.add_filter(std::move(record));
}

std::shared_ptr<const TraceRecord> FilterRecord::not_run(const std::string& filter, const std::string& after) {
  auto record = std::make_shared<CommittedFilter>();
  record->filter = filter;
  record->status = kNotRun;
  record->why = "no worker was left after the " + after + " filter";
  return record;
}

}  // namespace placement::filters
