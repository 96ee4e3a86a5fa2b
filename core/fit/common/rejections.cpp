#include "fit/common/rejections.h"

#include <utility>

#include "fit/rejection_subject.h"

namespace placement {

void Rejection::write_data(JsonOut& out) const {
  if (shared_fields) shared_fields->write(out);
  else fields.write(out);
}

Rejection& add_rejection(Rejections& rejections, const Worker& w, GpuIndexList gpu_indexes, const char* code,
                         ShortfallList shortfalls, DataFields fields) {
  Rejection& r = rejections.list.emplace_back();
  r.worker_id = w.id;
  r.worker_name = w.name;
  r.gpu_indexes = std::move(gpu_indexes);
  r.code = code;
  r.shortfalls = std::move(shortfalls);
  r.fields = std::move(fields);
  return r;
}

void Rejections::write(JsonOut& out) const {
  write_object_array(out, list, [&](const Rejection& r) {
    write_rejection_subject(out, r.worker_id, r.worker_name, &r.gpu_indexes);
    out.member("code", r.code);
    out.key("shortfalls");
    out.begin_array();
    for (const Shortfall& s : r.shortfalls) s.write(out);
    out.end_array();
    out.key("data");
    r.write_data(out);
  });
}

void NotExaminedList::write(JsonOut& out) const {
  write_object_array(out, list, [&](const NotExamined& n) {
    out.member("worker_id", n.worker_id);
    out.member("worker_name", n.worker_name);
    out.member("rule", n.rule);
    out.key("data");
    n.fields.write(out);
  });
}

}  // namespace placement
