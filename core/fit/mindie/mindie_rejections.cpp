#include "fit/mindie/mindie_rejections.h"

#include <utility>

#include "fit/rejection_subject.h"

namespace placement::mindie {

void MindieRejections::add(const Worker& w, std::vector<int> gpu_indexes, const char* code, DataFields data,
                           std::vector<Shortfall> shortfalls) {
  list.push_back(MindieRejection{w.id, w.name, std::move(gpu_indexes), code, false, std::move(data), std::move(shortfalls)});
}

void MindieRejections::write(JsonOut& out) const {
  write_object_array(out, list, [&](const MindieRejection& r) {
    write_rejection_subject(out, r.worker_id, r.worker_name, &r.gpu_indexes);
    out.member("code", r.code);
    if (r.available_stage) out.member("stage", "available_workers");
    if (r.data) {
      out.key("data");
      r.data->write(out);
    }
    out.key("shortfalls");
    out.begin_array();
    for (const Shortfall& s : r.shortfalls) s.write(out);
    out.end_array();
  });
}

std::vector<std::int64_t> index_values(const std::vector<int>& indexes) { return {indexes.begin(), indexes.end()}; }

}  // namespace placement::mindie
