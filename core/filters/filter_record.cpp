#include "filters/filter_record.h"

namespace placement::filters {

FilterRecord::FilterRecord(std::string filter) : filter_(std::move(filter)) {}

void FilterRecord::applied(std::string why) {
  status_ = kApplied;
  why_ = std::move(why);
}

void FilterRecord::not_applied(std::string why, const std::vector<const Worker*>& workers) {
  status_ = kNotApplied;
  why_ = std::move(why);
  for (const Worker* w : workers) pass(*w, kCodeNotApplied);
}

void FilterRecord::pass(const Worker& w, const std::string& code, Json data) { add(w, true, code, std::move(data)); }

void FilterRecord::fail(const Worker& w, const std::string& code, Json data) { add(w, false, code, std::move(data)); }

void FilterRecord::add(const Worker& w, bool pass, const std::string& code, Json data) {
  ++input_;
  if (pass) kept_.push_back(&w);
  workers_.push_back(Json{{"worker_id", w.id}, {"worker_name", w.name}, {"pass", pass}, {"code", code}, {"data", std::move(data)}});
}

Json FilterRecord::take_json() {
  Json j{{"filter", filter_}, {"status", status_}, {"why", why_}, {"in", input_}, {"kept", kept_.size()}};
  for (auto& [k, v] : extra_.items()) j[k] = std::move(v);
  j["summary"] = std::move(summary_);
  j["workers"] = std::move(workers_);
  return j;
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
