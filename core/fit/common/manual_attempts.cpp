#include "fit/common/manual_attempts.h"

namespace placement {

namespace {

void write_indexes(JsonOut& out, const char* key, const std::vector<int>& indexes) {
  out.key(key);
  out.begin_array();
  for (int i : indexes) out.number(i);
  out.end_array();
}

void write_single(JsonOut& out, const ManualSingleWorkerTry& t) {
  out.member("worker_name", t.worker_name);
  write_indexes(out, "gpu_indexes", t.gpu_indexes);
  if (!t.enough_gpus) {
    out.member("result", "too_few_selected_gpus");
    return;
  }
  write_indexes(out, "satisfied", t.satisfied);
  write_indexes(out, "unsatisfied", t.unsatisfied);
  write_indexes(out, "used", t.used);
  out.member("result", "candidate");
}

void write_multi(JsonOut& out, const ManualMultiWorkerTry& t) {
  if (t.too_few_workers) {
    out.member("result", "too_few_workers");
    out.member("workers", *t.too_few_workers);
    return;
  }
  out.key("main");
  out.begin_object();
  out.member("worker_name", t.main_worker);
  write_indexes(out, "gpu_indexes", t.main_gpu_indexes);
  out.end_object();
  out.key("subordinates");
  write_object_array(out, t.subordinates, [&](const ManualSubordinateTry& s) {
    out.member("worker_name", s.worker_name);
    write_indexes(out, "selected", s.selected);
    write_indexes(out, "assigned", s.assigned);
  });
  out.member("result", t.subordinates.empty() ? "no_subordinate" : "candidate");
}

}  // namespace

void ManualAttempt::write(JsonOut& out) const {
  out.begin_object();
  out.member("path", single_worker ? "single_worker" : "multi_worker");
  out.member("type", type);
  if (single_worker) write_single(out, *single_worker);
  else write_multi(out, multi_worker);
  out.end_object();
}

void ManualAttempts::write(JsonOut& out) const {
  out.begin_array();
  for (const ManualAttempt& a : list) a.write(out);
  out.end_array();
}

}  // namespace placement
