#include "fit/sglang/reject.h"

namespace placement {

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

}  // namespace placement
