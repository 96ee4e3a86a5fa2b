#include "fit/common/rejections.h"

#include "fit/rejection_subject.h"

namespace placement {

void Rejection::write_data(JsonOut& out) const {
  if (shared_fields) shared_fields->write(out);
  else fields.write(out);
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
