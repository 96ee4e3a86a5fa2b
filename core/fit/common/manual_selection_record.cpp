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

}  // namespace placement
