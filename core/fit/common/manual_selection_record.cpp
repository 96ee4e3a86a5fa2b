#include "fit/common/manual_selection_record.h"

namespace placement {

namespace {

void write_indexes(JsonOut& out, const std::vector<int>& indexes) {
  out.begin_array();
  for (int i : indexes) out.number(i);
  out.end_array();
}

}  // namespace

void ManualSelectionRecord::write(JsonOut& out) const {
  write_object_array(out, types, [&](const ManualSelectedType& t) {
    out.member("type", t.type);
    out.key("workers");
    write_object_array(out, t.workers, [&](const ManualSelectedWorker& w) {
      out.member("worker_name", w.worker_name);
      out.member("present", w.present);
      out.key("gpu_indexes");
      write_indexes(out, w.gpu_indexes);
      out.key("missing_gpus");
      write_indexes(out, w.missing_gpus);
    });
  });
}

void ManualUtilisationRecord::write(JsonOut& out) const {
  out.begin_object();
  for (std::size_t i = 0; i < by_type.size(); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i && !seen; ++j) seen = by_type[j].first == by_type[i].first;
    if (seen) continue;
    double ratio = by_type[i].second;
    for (std::size_t j = i + 1; j < by_type.size(); ++j)
      if (by_type[j].first == by_type[i].first) ratio = by_type[j].second;
    out.member(by_type[i].first, ratio);
  }
  out.end_object();
}

}  // namespace placement
