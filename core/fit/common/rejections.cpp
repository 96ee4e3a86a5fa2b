#include "fit/common/rejections.h"

namespace placement {

void Rejections::write(JsonOut& out) const {
  write_object_array(out, list, [&](const Rejection& r) {
    out.key("subject");
    out.begin_object();
    out.member("worker_id", r.worker_id);
    out.member("worker_name", r.worker_name);
    out.key("gpu_indexes");
    out.begin_array();
    for (int index : r.gpu_indexes) out.number(index);
    out.end_array();
    out.key("rpc");
    out.begin_array();
    out.end_array();
    out.end_object();
    out.member("code", r.code);
    out.key("shortfalls");
    out.begin_array();
    for (const Shortfall& s : r.shortfalls) s.write(out);
    out.end_array();
    out.key("data");
    write_data(out, r.shared_data ? *r.shared_data : r.data);
  });
}

void NotExaminedList::write(JsonOut& out) const {
  write_object_array(out, list, [&](const NotExamined& n) {
    out.member("worker_id", n.worker_id);
    out.member("worker_name", n.worker_name);
    out.member("rule", n.rule);
    out.key("data");
    write_data(out, n.data);
  });
}

}  // namespace placement
