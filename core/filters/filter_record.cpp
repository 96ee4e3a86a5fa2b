#include "filters/filter_record.h"

namespace placement::filters {

void WorkerVerdicts::write(JsonOut& out) const {
  write_object_array(out, verdicts, [&](const WorkerVerdict& v) {
    out.member("worker_id", v.worker_id);
    out.member("worker_name", v.worker_name);
    out.member("pass", v.pass);
    out.member("code", v.code);
    out.key("data");
    // Not `v.data ? *v.data : Json()`: that conditional is a prvalue and copied the shared data
    // once per worker.
    if (v.data) write_data(out, *v.data);
    else write_data(out, Json());
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

namespace {
std::shared_ptr<const Json> shared(Json data) {
  return data.is_null() ? nullptr : std::make_shared<const Json>(std::move(data));
}
}  // namespace

void FilterRecord::pass(const Worker& w, const char* code, Json data) { add(w, true, code, shared(std::move(data))); }

void FilterRecord::fail(const Worker& w, const char* code, Json data) { add(w, false, code, shared(std::move(data))); }

void FilterRecord::pass(const Worker& w, const char* code, std::shared_ptr<const Json> data) { add(w, true, code, std::move(data)); }

void FilterRecord::fail(const Worker& w, const char* code, std::shared_ptr<const Json> data) { add(w, false, code, std::move(data)); }

void FilterRecord::add(const Worker& w, bool pass, const char* code, std::shared_ptr<const Json> data) {
  ++input_;
  if (pass) kept_.push_back(&w);
  workers_->verdicts.push_back(WorkerVerdict{w.id, w.name, pass, code, std::move(data)});
}

void FilterRecord::commit(Trace& trace) {
  Json j{{"filter", filter_}, {"status", status_}, {"why", why_}, {"in", input_}, {"kept", kept_.size()}};
  for (auto& [k, v] : extra_.items()) j[k] = std::move(v);
  j["summary"] = std::move(summary_);
  j["workers"] = nullptr;
  trace.filters().push_back(std::move(j));
  trace.defer_in_newest("filters", "workers", std::move(workers_));
}

Json FilterRecord::not_run(const std::string& filter, const std::string& after) {
  return Json{{"filter", filter},
              {"status", kNotRun},
              {"why", "no worker was left after the " + after + " filter"},
              {"in", 0},
              {"kept", 0},
              {"summary", Json::object()},
              {"workers", Json::array()}};
}

}  // namespace placement::filters
