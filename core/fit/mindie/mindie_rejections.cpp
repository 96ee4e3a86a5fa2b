#include "fit/mindie/mindie_rejections.h"

#include <utility>

namespace placement::mindie {

void MindieRejections::add(const Worker& w, std::vector<int> gpu_indexes, const char* code, Json data,
                           std::vector<Shortfall> shortfalls) {
  if (data.is_null()) data = Json::object();
  list.push_back(MindieRejection{w.id, w.name, std::move(gpu_indexes), code, false, std::move(data), std::move(shortfalls)});
}

void MindieRejections::write(JsonOut& out) const {
  write_object_array(out, list, [&](const MindieRejection& r) {
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
    if (r.available_stage) out.member("stage", "available_workers");
    if (!r.data.is_null()) out.member("data", r.data);
    out.key("shortfalls");
    out.begin_array();
    for (const Shortfall& s : r.shortfalls) s.write(out);
    out.end_array();
  });
}

}  // namespace placement::mindie
